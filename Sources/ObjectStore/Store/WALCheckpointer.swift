import DiffableSupport
import Dispatch
import GRDB
import GRDBSQLite

/// Copies a file store's write-ahead log back into the database on a thread of its own, below the
/// app's threads (``LowPriorityThread``), so that no save pays for it.
///
/// SQLite's default checkpoints the log on the connection that commits, inside the commit, once
/// the log holds 1,000 pages: every so many saves, one save also writes those pages to the
/// database file and syncs it, tens of milliseconds during which the store's commit lock is held
/// and the change set waits to be handed on (so the contexts that merge it, and any read that saw
/// the commit, wait too). The store turns that off on its writing connection and watches the log
/// instead: when a commit leaves ``threshold`` pages or more in it, a passive checkpoint runs here,
/// on a connection of its own. A passive checkpoint takes no lock that writers or readers wait for;
/// it copies what no reader still needs, and the log restarts from its beginning once it has been
/// copied whole.
///
/// A checkpoint that fails (an I/O error, the database busy) is left to the next one: the log
/// still holds every committed page, and reads see them there.
///
/// The same hook, which SQLite calls once a commit is visible, writes the store's
/// ``CommitSignal`` (SQLite keeps one such hook per connection).
final class WALCheckpointer: Sendable {
    /// SQLite's default autocheckpoint size, in pages.
    static let defaultThreshold: Int32 = 1_000

    let path: String
    let threshold: Int32
    private let signal: CommitSignal?
    private let queue = DispatchQueue(label: "ObjectStore.WALCheckpointer", qos: .utility)
    private let thread = LowPriorityThread()
    private let state = Locked(State())

    private struct State {
        /// The log's size in pages after the last commit.
        var framesInLog: Int32 = 0
        var checkpointScheduled = false
        var checkpointsRun = 0
        /// Opened on first use, on `queue`.
        var connection: DatabaseQueue?
    }

    init(path: String, threshold: Int32 = WALCheckpointer.defaultThreshold, signal: CommitSignal? = nil) {
        self.path = path
        self.threshold = threshold
        self.signal = signal
    }

    /// Turns SQLite's own checkpoints off on the writing connection `db` and reports its commits
    /// here instead. Call from the writing connection's `prepareDatabase`; read-only connections
    /// are left alone (they never commit).
    func watch(_ db: Database) {
        guard !db.configuration.readonly, let connection = db.sqliteConnection else { return }
        // Replaces the hook that `wal_autocheckpoint` installs: SQLite keeps one per connection.
        sqlite3_wal_hook(connection, { context, _, _, frames in
            Unmanaged<WALCheckpointer>.fromOpaque(context!).takeUnretainedValue().committed(framesInLog: frames)
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Called on the committing thread once the commit is visible: signals it, notes the log's
    /// size and, when it reached the threshold, queues one checkpoint (at most one waits at a time).
    private func committed(framesInLog frames: Int32) {
        signal?.signal()
        let schedules = state.withLock { state -> Bool in
            state.framesInLog = frames
            guard frames >= threshold, !state.checkpointScheduled else { return false }
            state.checkpointScheduled = true
            return true
        }
        if schedules { queue.async { self.checkpoint() } }
    }

    private func checkpoint() {
        let connection = state.withLock { state in
            state.checkpointScheduled = false
            return state.connection
        } ?? open()
        // Below the app's threads: on two cores, a checkpoint's burst of kernel work (writing the
        // pages back and syncing the file) would otherwise delay the saves and deliveries beside it.
        thread.run { _ = try? connection?.writeWithoutTransaction { db in try db.checkpoint(.passive) } }
        state.withLock { $0.checkpointsRun += 1 }
    }

    private func open() -> DatabaseQueue? {
        var configuration = Configuration()
        configuration.label = "ObjectStore.WALCheckpointer"
        let connection = try? DatabaseQueue(path: path, configuration: configuration)
        state.withLock { $0.connection = connection }
        return connection
    }

    /// The log's size in pages after the last commit, and how many checkpoints ran.
    var statistics: (framesInLog: Int32, checkpointsRun: Int) {
        state.withLock { ($0.framesInLog, $0.checkpointsRun) }
    }

    /// Runs `body` on the checkpoint queue, after the checkpoints queued before it.
    func sync<T>(_ body: () throws -> T) rethrows -> T {
        try queue.sync(execute: body)
    }

    /// Holds checkpoints back until ``resume()`` (for tests that look at the log).
    func suspend() { queue.suspend() }

    /// Lets held-back checkpoints run.
    func resume() { queue.resume() }
}
