import DiffableSupport
import Foundation

/// What every context of one container shares: the store, the commit lock that orders saves and
/// their publication, the transaction counter, the root contexts that merge, and the watch on
/// other containers' commits.
///
/// The commit lock is held while a save commits and hands its change set to the merging contexts'
/// inboxes and to the container's observers' queue, and while other containers' commits are read
/// from the history and handed on the same way, never while an observer runs. Every commit of the
/// store is handed on exactly once, in generation order (``handedOnThrough``).
final class ContainerCore: Sendable {
    let store: any PersistentStore
    /// The store's per-entity bindings, kept here: object IDs are made from them for every row
    /// read.
    let entityBindings: [EntityBinding]
    /// The store's identifier.
    let storeIdentifier: UUID
    let model: ManagedObjectModel
    /// Recursive: a read that holds saves back may meet commits of other containers and hand
    /// them on.
    private let commitLock = NSRecursiveLock()
    /// The change sets committed to the store, for the container's observers, in commit order.
    let storeChanges = SerialDelivery<ChangeSet>()
    /// Wake-ups for ``PersistentContainer/remoteChanges()``.
    let remoteSignals = SerialDelivery<RemoteChange>()
    /// Holds back reads that saw a commit whose change set is not in the inboxes yet.
    let publication = PublicationGate()
    private let state: Locked<State>
    /// Wakes the container when the store file changes; nil for an in-memory store.
    private let watcher = Locked<(any CommitWatch)?>(nil)
    /// Names this core's history consumer.
    let identity = UUID()
    let historyKeeping: Locked<HistoryKeeping>

    private struct State {
        var transactionNumber: Int64 = 0
        var contextNumber = 0
        var roots: [WeakContext] = []
        /// The newest store generation whose commit has been handed on (this container's own
        /// saves and other containers' commits alike).
        var handedOnThrough: Int64
    }

    /// A core for `store`, whose newest commit is `generation`.
    init(store: any PersistentStore, generation: Int64) {
        self.store = store
        entityBindings = store.entityBindings
        storeIdentifier = store.identifier
        model = store.model
        state = Locked(State(handedOnThrough: generation))
        historyKeeping = Locked(HistoryKeeping(cursor: generation))
    }

    /// Starts watching the store for other containers' commits, as a history consumer that
    /// holds back the purge of what it has not handed on yet.
    func startWatching() {
        let watch = store.watchCommits(idleInterval: historyKeepingInterval) { [weak self] newest in
            guard let self else { return nil }
            let found = self.followStore(newest: newest)
            self.keepHistory()
            return found
        }
        watcher.withLock { $0 = watch }
    }

    /// Stops watching the store file, once the thread that watches has let go of this core, and
    /// removes its history consumer.
    func stopWatching() {
        guard let watcher = watcher.withLock({ $0 }) else { return }
        watcher.stop()
        try? store.removeConsumer(consumerName)
    }

    /// The newest store generation whose commit has been handed on.
    var handedOnThrough: Int64 {
        state.withLock { $0.handedOnThrough }
    }

    /// Notes that every commit through `generation` has been handed on; call with the commit
    /// lock held.
    func handedOn(through generation: Int64) {
        state.withLock { $0.handedOnThrough = max($0.handedOnThrough, generation) }
    }

    /// Runs `body` with the commit lock held. Saves commit, number and hand on their change sets
    /// under it, and reads that must not overtake a save wait for it there. `body` never runs
    /// code of the package's users: observers are called after the lock is released.
    func withCommitLock<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        commitLock.lock()
        defer { commitLock.unlock() }
        return try body()
    }

    /// The next transaction number; call from inside ``withCommitLock(_:)``, so that numbers
    /// follow commit order.
    func nextTransactionNumber() -> Int64 {
        state.withLock { state in
            state.transactionNumber += 1
            return state.transactionNumber
        }
    }

    func nextContextNumber() -> Int {
        state.withLock { state in
            state.contextNumber += 1
            return state.contextNumber
        }
    }

    func addRoot(_ context: ManagedObjectContext) {
        state.withLock { state in
            state.roots.removeAll { $0.context == nil }
            state.roots.append(WeakContext(context: context))
        }
    }

    var roots: [ManagedObjectContext] {
        state.withLock { $0.roots.compactMap(\.context) }
    }

    /// A new permanent key for an entity.
    func allocateKey(entity: Int) throws(ObjectStoreError) -> Int64 {
        let name = model.entities[entity].name
        return try store.allocator.nextKey(entity: entity) { (count) throws(ObjectStoreError) -> Int64 in
            try store.reserveKeys(entity: name, count: count)
        }
    }
}

struct WeakContext: @unchecked Sendable {
    weak var context: ManagedObjectContext?
}
