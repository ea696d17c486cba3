import DiffableSupport
import Foundation

/// What every context of one container shares: the store, the commit lock that orders saves and
/// their publication, the transaction counter, and the root contexts that merge.
///
/// The commit lock is held while a save commits and hands its change set to the merging contexts'
/// inboxes and to the container's observers' queue, never while an observer runs.
final class ContainerCore: Sendable {
    let store: PersistentStore
    private let commitLock = NSLock()
    /// The change sets committed to the store, for the container's observers, in commit order.
    let storeChanges = SerialDelivery<ChangeSet>()
    /// Holds back reads that saw a commit whose change set is not in the inboxes yet.
    let publication = PublicationGate()
    private let state = Locked(State())

    private struct State {
        var transactionNumber: Int64 = 0
        var contextNumber = 0
        var roots: [WeakContext] = []
    }

    init(store: PersistentStore) {
        self.store = store
    }

    var model: ManagedObjectModel { store.model }

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
        let name = store.model.entities[entity].name
        return try store.allocator.nextKey(entity: entity) { (count) throws(ObjectStoreError) -> Int64 in
            try store.reserveKeys(entity: name, count: count)
        }
    }
}

struct WeakContext: @unchecked Sendable {
    weak var context: ManagedObjectContext?
}
