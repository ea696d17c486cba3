import GRDB

/// What one save changed: inserted, updated (with the changed keys) and deleted object IDs.
///
/// Every save publishes one change set, numbered by a transaction number that increases by one
/// per published change set of the container. Updated objects list the keys whose saved values
/// changed, including to-many relationships whose members changed because an object on the other
/// side was inserted, deleted or re-pointed. A context's change stream carries the change sets it
/// saves and merges (``ChangeEvent/changeSet``); ``PersistentContainer/changeSets()`` and
/// ``PersistentContainer/addChangeSetObserver(_:)`` deliver every store commit.
public struct ChangeSet: Sendable {
    /// Where the saved changes went.
    public enum Destination: Sendable, Hashable {
        /// Committed to the persistent store.
        case store
        /// Pushed into the parent context (not yet in the store).
        case parentContext(ContextIdentifier)
    }

    /// Increases by one per change set the container publishes.
    public let transactionNumber: Int64
    /// The context that saved.
    public let originator: ContextIdentifier
    /// Where the changes went.
    public let destination: Destination
    /// Objects inserted by the save.
    public let insertedObjectIDs: Set<ObjectID>
    /// Objects updated by the save, each with the names of its changed keys.
    ///
    /// A batch update lists its rows in a compact form; this dictionary is built from it the
    /// first time it is read (by any copy of the change set), and kept.
    public var changedKeys: [ObjectID: Set<String>] { updates.changedKeys }
    /// Objects deleted by the save.
    public let deletedObjectIDs: Set<ObjectID>
    /// Objects updated by the save (the keys of ``changedKeys``).
    public var updatedObjectIDs: Set<ObjectID> { updates.ids }
    /// The commit's position in the store's persistent history, when the store tracks it; nil
    /// for a save into a parent context.
    public let historyToken: HistoryToken?
    /// Whether another container committed it: another process, or another container on the
    /// same store file in this process. Its ``originator`` is then numbered 0 and named after the
    /// saving context's ``ManagedObjectContext/name``.
    public let isRemote: Bool
    /// Whether the change set stands for commits whose changes could not be read (they were not
    /// tracked in the history, or were purged before this container read them): its lists are
    /// empty, and whoever follows the store must read again what it shows. Contexts that merge
    /// it refresh their objects and record a ``ChangeEvent/Kind/resync`` event.
    public let isResync: Bool
    /// The updated objects with their changed keys and the new values of their changed columns,
    /// so merging contexts need not read them back. (Inserted objects have no values here:
    /// merging contexts do not hold them yet.)
    let updates: UpdatedObjects

    init(
        transactionNumber: Int64, originator: ContextIdentifier, destination: Destination,
        insertedObjectIDs: Set<ObjectID>, changedKeys: [ObjectID: Set<String>], deletedObjectIDs: Set<ObjectID>,
        patches: [ObjectID: RowPatch], historyToken: HistoryToken? = nil, isRemote: Bool = false, isResync: Bool = false
    ) {
        self.init(
            transactionNumber: transactionNumber, originator: originator, destination: destination, insertedObjectIDs: insertedObjectIDs,
            updates: UpdatedObjects(changedKeys: changedKeys, patches: patches), deletedObjectIDs: deletedObjectIDs,
            historyToken: historyToken, isRemote: isRemote, isResync: isResync)
    }

    init(
        transactionNumber: Int64, originator: ContextIdentifier, destination: Destination,
        insertedObjectIDs: Set<ObjectID>, updates: UpdatedObjects, deletedObjectIDs: Set<ObjectID>,
        historyToken: HistoryToken? = nil, isRemote: Bool = false, isResync: Bool = false
    ) {
        self.transactionNumber = transactionNumber
        self.originator = originator
        self.destination = destination
        self.insertedObjectIDs = insertedObjectIDs
        self.updates = updates
        self.deletedObjectIDs = deletedObjectIDs
        self.historyToken = historyToken
        self.isRemote = isRemote
        self.isResync = isResync
    }

    /// Whether the save changed nothing (a resync is never empty).
    public var isEmpty: Bool {
        insertedObjectIDs.isEmpty && updates.isEmpty && deletedObjectIDs.isEmpty && !isResync
    }
}

/// New values of some columns of one row.
struct RowPatch: Sendable {
    /// The row version after the save, or nil when the save went to a parent context.
    var version: Int64?
    var columns: [Int]
    var values: [DatabaseValue]
}
