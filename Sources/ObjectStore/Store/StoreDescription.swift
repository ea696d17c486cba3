import DiffableSupport
public import Foundation

/// Where and how a container keeps its store.
public struct StoreDescription: Sendable {
    /// The kind of store.
    public enum Location: Sendable, Hashable {
        /// An SQLite file in WAL mode (readers never wait for the writer). The write-ahead log is
        /// copied back into the database on a background queue, never inside a save.
        case file(URL)
        /// A private in-memory database, gone when the container is released.
        case inMemory
        /// A database server, named here without its password: descriptions that a store module
        /// makes (the PostgreSQL store's) carry what opens it.
        case server(String)
    }

    /// Where the store lives.
    public var location: Location
    /// Whether opening the store creates its directory (and the directories above it) when it
    /// is missing. Off by default, so that a mistyped path fails when the container is created
    /// (``ObjectStoreError/cannotOpenStore(path:reason:)``) instead of creating directories
    /// where none were meant; ``defaultFile(name:)`` turns it on for the application data
    /// directory.
    public var createsMissingDirectory = false
    /// How long a save or read waits for another connection's lock before failing with
    /// ``ObjectStoreError/databaseLocked(path:timeoutSeconds:)``.
    public var busyTimeout: Double = 5
    /// Whether every save appends a ``HistoryTransaction`` to the store's persistent history, in
    /// the save's own transaction (read it with ``ManagedObjectContext/fetchHistory(after:)``).
    ///
    /// On by default for file stores, where other processes and later launches read the history;
    /// off by default for in-memory stores, which no one else can read (turn it on to use the
    /// history there too). The history tables exist in every store, so turning tracking on later
    /// needs no migration: commits made while it was off are simply not in the history.
    public var persistentHistoryTracking: Bool
    /// How long, in seconds, the history is kept for a consumer that stopped reading it: one
    /// week by default.
    ///
    /// The store purges the history every live consumer has passed (each container that merges
    /// other processes' commits is one; see ``HistoryConsumer`` for your own), keeping the last
    /// `historyRetention` seconds of it in any case. A consumer silent for longer than this no
    /// longer holds the history back: when it comes back, what it missed may be gone
    /// (``ObjectStoreError/historyExpired(token:oldest:)`` for explicit reads, a resync for
    /// automatic merging).
    public var historyRetention: Double = 7 * 24 * 60 * 60
    /// What opens a ``Location/server(_:)`` store, set by the module that made the description;
    /// nil for SQLite stores.
    package var opener: (any PersistentStoreOpener)?

    /// A store at `location`; ``persistentHistoryTracking`` is on for a file or a server, off in
    /// memory.
    public init(location: Location, busyTimeout: Double = 5) {
        self.location = location
        self.busyTimeout = busyTimeout
        switch location {
        case .file, .server: persistentHistoryTracking = true
        case .inMemory: persistentHistoryTracking = false
        }
    }

    /// The default file for a container named `name`: `<name>.sqlite` in the user's application
    /// data directory (Application Support on Apple platforms, `$XDG_DATA_HOME` or
    /// `~/.local/share` on Linux), created if it is missing.
    public static func defaultFile(name: String) -> StoreDescription {
        let directory = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        var description = StoreDescription(location: .file(directory.appendingPathComponent("\(name).sqlite")))
        description.createsMissingDirectory = true
        return description
    }

    /// An in-memory store.
    public static var inMemory: StoreDescription {
        StoreDescription(location: .inMemory)
    }

    var path: String {
        switch location {
        case .file(let url): url.path
        case .inMemory: ":memory:"
        case .server(let name): name
        }
    }
}
