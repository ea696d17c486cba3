import DiffableSupport
import Foundation
import GRDB

/// A scratchpad of managed objects: insert, fetch, change and delete objects, then save.
///
/// Core Data's model: a context is confined to one queue. The view context
/// (``PersistentContainer/viewContext``) runs on the main queue (use it from the main actor); a
/// background context (``PersistentContainer/newBackgroundContext(name:)``) has its own serial queue,
/// reached with ``perform(_:)-ahh0``. A child context (``newChildContext(concurrency:name:)``) saves
/// into its parent instead of the store. Objects never leave their context; their ``ObjectID``s do.
///
/// ```swift
/// let context = container.newBackgroundContext()
/// let id = try await context.perform {
///     let event = try context.insert(Event.self)
///     event.title = "Final"
///     try context.save()
///     return event.objectID
/// }
/// let event = try container.viewContext.existingObject(with: id) as! Event
/// ```
///
/// Every save publishes a ``ChangeSet``; contexts that ``automaticallyMergesChangesFromParent``
/// merge it (children too), keeping their own unsaved edits according to ``mergePolicy``. Each
/// context reports every transition of what it shows in one change stream
/// (``addChangeObserver(_:)``, ``changeEvents()``; see <doc:ChangeStream>).
///
/// The view context belongs to the main actor: call it directly from main-actor code (no
/// `perform`, no `assumeIsolated`), and observe it with ``addMainActorChangeObserver(_:)`` or by
/// iterating ``changeEvents()`` in a main-actor task.
public final class ManagedObjectContext: @unchecked Sendable {
    // Sendable by confinement: the mutable state below is touched only on the context's queue
    // (checked by assertions in debug builds); shared state lives in locked containers.

    /// Which queue the context runs on.
    public enum Concurrency: Sendable {
        /// The main queue (the main actor).
        case mainQueue
        /// A private serial queue of its own.
        case privateQueue
    }

    let core: ContainerCore
    /// The context this one saves into, or nil when it saves to the store.
    public let parent: ManagedObjectContext?
    /// Names the context in change sets.
    public let identifier: ContextIdentifier
    /// Whether the context runs on the main queue or on a private queue of its own; fixed at
    /// creation.
    public let concurrency: Concurrency
    let queue: DispatchQueue
    private static let queueKey = DispatchSpecificKey<Int>()
    private static let mainQueueMarker = -1
    private static let markMainQueue: Void = DispatchQueue.main.setSpecific(key: queueKey, value: mainQueueMarker)

    private let settings: Locked<Settings>

    private struct Settings {
        var mergesAutomatically: Bool
        var mergesRemoteChanges: Bool
        var mergePolicy: MergePolicy = .error
        var transactionAuthor: String?
    }

    /// Whether change sets saved by other contexts (the store's other contexts for a root context,
    /// the parent's and siblings' for a child) are merged into this one as they are published.
    /// True by default for the view context and child contexts.
    ///
    /// A context that merges follows every save in its change stream, and its fetches say exactly
    /// which of them they contain (see <doc:ChangeStream>).
    public var automaticallyMergesChangesFromParent: Bool {
        get { settings.withLock { $0.mergesAutomatically } }
        set { settings.withLock { $0.mergesAutomatically = newValue } }
    }

    /// Whether commits of other containers (other processes, or other containers on the same
    /// store file) and batch operations are merged into this root context as the container reads
    /// them from the persistent history. True by default for the view context, so that every
    /// controller and composer on it follows them with no code.
    ///
    /// Merged like a save of a sibling context (a ``ChangeEvent/Kind/merge`` event whose
    /// ``ChangeEvent/changeSet`` is ``ChangeSet/isRemote``), through the one change stream.
    /// Commits the history does not hold (made with ``StoreDescription/persistentHistoryTracking``
    /// off, or purged before this container read them) are merged as a
    /// ``ChangeEvent/Kind/resync``. Child contexts follow what their parent merges.
    public var automaticallyMergesRemoteChanges: Bool {
        get { settings.withLock { $0.mergesRemoteChanges } }
        set { settings.withLock { $0.mergesRemoteChanges = newValue } }
    }

    /// How conflicts with other contexts' saves are resolved, when saving and when merging.
    public var mergePolicy: MergePolicy {
        get { settings.withLock { $0.mergePolicy } }
        set { settings.withLock { $0.mergePolicy = newValue } }
    }

    /// The name given when the context was created (``PersistentContainer/viewContext`` is
    /// "viewContext"); saves record it as ``HistoryTransaction/contextName``.
    public var name: String? { identifier.name }

    /// The author that saves of this context record in the persistent history
    /// (``HistoryTransaction/author``), to tell, for example, an importer's commits from the
    /// user's; nil by default. Read the history filtered by author with
    /// ``fetchHistory(after:limit:author:)``.
    public var transactionAuthor: String? {
        get { settings.withLock { $0.transactionAuthor } }
        set { settings.withLock { $0.transactionAuthor = newValue } }
    }

    var registered: ObjectRegistry
    /// The weak reference to this context that its objects share (created on the context's queue).
    private(set) lazy var link = ContextLink(self)
    /// The unsaved changes and what goes with them until the next save, rollback or reset.
    var unsaved: UnsavedWork
    /// Objects flagged `.reported`: changed since the last event of the change stream; the next
    /// pending-changes event reports them.
    var unreported: [ManagedObject] = []
    /// Many-to-many links added or removed since the last event of the change stream.
    var unreportedLinks: Set<LinkKey> = []
    /// The change stream's numbering and the events waiting for delivery.
    var stream = ChangeStream()
    /// What this context's reads have seen: the store generation (a root context that merges
    /// automatically) or its parent's sequence number (a child).
    let readMark = ReadMark()
    /// What this context has merged or saved, in the same terms as `readMark`.
    var mergedMark: Int64 = 0
    /// The members of one-to-many relationships the last prefetches read.
    var prefetched = PrefetchedMembers()

    /// Change sets of other contexts waiting to be merged (see ``MergeInbox``).
    let inbox = Locked(MergeInbox())
    /// The observers of the change stream.
    let changeObservers = ObserverList<ChangeEvent>()
    /// The change observer that notifies observed objects; made when the first object of the
    /// context is read.
    var objectNotifications: ObservationToken?
    /// Observed objects that left the context since the last event was delivered: they are
    /// notified with it, as they are no longer registered under their IDs.
    var detachedObservedObjects: [ManagedObject] = []
    let children = Locked<[WeakContext]>([])
    /// The undo manager recording this context's changes (see ``undoManager``).
    var undoStorage: ObjectUndoManager?

    init(core: ContainerCore, parent: ManagedObjectContext?, concurrency: Concurrency, name: String?, mergesAutomatically: Bool, mergesRemoteChanges: Bool = false) {
        self.core = core
        self.parent = parent
        self.concurrency = concurrency
        self.settings = Locked(Settings(mergesAutomatically: mergesAutomatically, mergesRemoteChanges: mergesRemoteChanges))
        self.registered = ObjectRegistry(entityCount: core.model.entities.count)
        self.unsaved = UnsavedWork(entityCount: core.model.entities.count)
        let number = core.nextContextNumber()
        identifier = ContextIdentifier(number: number, name: name)
        switch concurrency {
        case .mainQueue:
            queue = .main
            Self.markMainQueue
        case .privateQueue:
            queue = DispatchQueue(label: "ObjectStore.context.\(number)")
            queue.setSpecific(key: Self.queueKey, value: number)
        }
        if let parent {
            parent.children.withLock { children in
                children.removeAll { $0.context == nil }
                children.append(WeakContext(context: self))
            }
        } else {
            core.addRoot(self)
        }
    }

    /// The model of the container.
    public var model: ManagedObjectModel { core.model }

    /// A new child context: its saves go into this context, and it merges this context's saves
    /// (and everything this context merges) when ``automaticallyMergesChangesFromParent`` is true.
    public func newChildContext(concurrency: Concurrency = .privateQueue, name: String? = nil) -> ManagedObjectContext {
        ManagedObjectContext(core: core, parent: self, concurrency: concurrency, name: name, mergesAutomatically: true)
    }

    // MARK: Queue

    /// Whether the caller runs on the context's queue, or inside synchronous work started from it
    /// (see ``HeldQueues``).
    package var isOnQueue: Bool {
        let marker: Int
        switch concurrency {
        case .mainQueue:
            if Thread.isMainThread { return true }
            // After dispatch_main (as test runners and servers call it) main-queue work runs on a
            // worker thread, so the main queue is recognised by its queue-specific value too.
            marker = Self.mainQueueMarker
        case .privateQueue:
            marker = identifier.number
        }
        return DispatchQueue.getSpecific(key: Self.queueKey) == marker || HeldQueues.contains(marker)
    }

    /// Traps in debug builds unless the caller runs on the context's queue: the check behind the
    /// confinement of the context and of what belongs to it (objects, controllers).
    ///
    /// - Parameters:
    ///   - type: The type whose member was called, for the message.
    ///   - function: The member that was called.
    package func assertOnQueue(_ type: StaticString = "ManagedObjectContext", _ function: StaticString = #function, file: StaticString = #fileID, line: UInt = #line) {
        assert(isOnQueue, "\(type).\(function) was called off \(queueDescription), the queue of the context it belongs to. Call it inside the context's perform { } (on the main actor for the view context).", file: file, line: line)
    }

    /// The context's queue in words, for messages: "the main queue", or "the queue of context #3
    /// (feed)".
    var queueDescription: String {
        switch concurrency {
        case .mainQueue: "the main queue"
        case .privateQueue: "the queue of \(identifier)"
        }
    }

    /// Runs `body` on the context's queue and returns its result.
    ///
    /// ```swift
    /// let count = try await context.perform { try context.count(for: FetchRequest<Event>()) }
    /// ```
    public func perform<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// Runs `body` on the context's queue and returns its result.
    public func perform<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: body())
            }
        }
    }

    /// Runs `body` on the context's queue, blocking the caller until it returns.
    ///
    /// Calls nest: work started from inside another context's `performAndWait` (or `perform`) may
    /// call back into that context synchronously, as a child context does to read through its
    /// parent. Like Core Data's `performAndWait`, calling it for a main-queue context from a thread
    /// the main queue is waiting for deadlocks; prefer ``perform(_:)-ahh0``.
    public func performAndWait<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        if isOnQueue { return try body() }
        // The queues this thread holds stay held while it waits; the body may run on another
        // thread (the main queue's), so it takes the list along.
        var held = HeldQueues.current
        if let marker = DispatchQueue.getSpecific(key: Self.queueKey) { held.append(marker) }
        if Thread.isMainThread { held.append(Self.mainQueueMarker) }
        let result: Result<T, Failure> = queue.sync {
            HeldQueues.with(held) { Result { () throws(Failure) -> T in try body() } }
        }
        return try result.get()
    }

    // MARK: Registry

    func objectID(entity: Int, key: Int64) -> ObjectID {
        ObjectID(binding: core.entityBindings[entity], key: key)
    }

    /// The registered object with the key, or a new fault registered for it (no I/O).
    func registeredOrFault(entity: Int, key: Int64) -> ManagedObject {
        let id = objectID(entity: entity, key: key)
        if let object = registered[id] { return object }
        let description = core.model.entities[entity]
        let object = description.objectType.init(ManagedObject.Construction(
            objectID: id, entity: description, context: self,
            values: description.defaultValues, version: 0, state: .fault))
        registered.insert(object)
        return object
    }

    /// The registered object for a row, or a new object with the row's values.
    package func object(from row: StoreRow, entity: EntityDescription) -> ManagedObject {
        let id = ObjectID(binding: core.entityBindings[entity.index], key: row.key)
        guard let object = registered[id] else { return registerObject(from: row, entity: entity) }
        if object.state.contains(.fault) {
            object.load(row.values, version: row.version)
            object.awakeFromFetch()
        }
        return object
    }

    /// A new registered object for a row the caller knows is not registered yet.
    func registerObject(from row: StoreRow, entity: EntityDescription) -> ManagedObject {
        let id = ObjectID(binding: core.entityBindings[entity.index], key: row.key)
        let object = entity.objectType.init(ManagedObject.Construction(
            objectID: id, entity: entity, context: self,
            values: row.values, version: row.version, state: []))
        registered.insert(object)
        object.awakeFromFetch()
        return object
    }

    /// Records that an object is about to change: among the unsaved changes until the next save,
    /// and among the changes the next pending-changes event reports, with what the context
    /// showed of it before (called before its first change after each event).
    func noteChange(_ object: ManagedObject) {
        if !object.state.contains(.pending) {
            object.state.insert(.pending)
            unsaved.objects.append(object)
        }
        if !object.state.contains(.reported) {
            object.state.insert(.reported)
            if !object.state.contains(.unannounced) {
                // What it showed needs its values; when they cannot be read, the operation that
                // changes the object reads them again and reports the failure.
                if object.state.contains(.fault) { try? loadFault(object) }
                if let shown = shownValues(of: object) {
                    object.reportBase = shown
                    object.state.insert(.wasShown)
                }
            }
            unreported.append(object)
            scheduleTurnEnd()
        }
    }

    /// The values the context shows for a loaded object, or nil when it shows none: deleted
    /// (saved or not) or gone from the store.
    func shownValues(of object: ManagedObject) -> ContiguousArray<DatabaseValue>? {
        object.state.isDisjoint(with: [.deleted, .invalid, .missing]) ? object.values : nil
    }

    /// Loads a fault's values from the parent (or the store). A missing row leaves the defaults
    /// and marks the object missing.
    func loadFault(_ object: ManagedObject) throws(ObjectStoreError) {
        guard object.state.contains(.fault) else { return }
        if let row = try parentRows(entity: object.entityDescription, keys: [object.objectID.key]).first {
            object.load(row.values, version: row.version)
            object.awakeFromFetch()
        } else {
            object.state.remove(.fault)
            object.state.insert(.missing)
        }
    }

    /// ``loadFault(_:)`` for callers that cannot throw (property getters, in-memory evaluation):
    /// when reading fails the object stays a fault (reading as defaults; the next access tries
    /// again) and the error is recorded for the operation around the caller (see
    /// ``noteReadFailure(_:)``). Reading never traps.
    func loadFaultNotingFailure(_ object: ManagedObject) {
        do {
            try loadFault(object)
        } catch {
            noteReadFailure(error)
        }
    }

    /// Records a read error met where it cannot be thrown. The fetch the read ran in throws it
    /// (``reportingReadFailures(_:)``); otherwise the next save does, before writing anything.
    func noteReadFailure(_ error: ObjectStoreError) {
        unsaved.noteReadFailure(error)
    }

    /// Runs `body`, then throws the read error recorded while it ran, if any.
    func reportingReadFailures<T>(_ body: () throws(ObjectStoreError) -> T) throws(ObjectStoreError) -> T {
        let mark = unsaved.readFailureCount
        let result = try body()
        if unsaved.readFailureCount != mark, let failure = unsaved.takeReadFailure() { throw failure }
        return result
    }

    /// Objects of an entity with unsaved changes (inserted, updated or deleted).
    func pendingObjects(of entity: EntityDescription) -> [ManagedObject] {
        unsaved.objects.objects(ofEntity: entity.index)
    }
}
