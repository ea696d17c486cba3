/// One transition of what a context shows, as its change stream reports it.
///
/// Each context has one stream (see <doc:ChangeStream>): its unsaved edits (processed per turn
/// of its queue, as Core Data's objects-did-change), its own saves, the saves it merges (from the
/// store, its parent, its children), refresh, rollback and reset, each reported exactly once, in
/// order, with a ``sequenceNumber`` that only grows.
///
/// ```swift
/// let token = context.addChangeObserver { event in
///     for (id, keys) in event.changedKeys where keys.contains("title") { … }
/// }
/// ```
///
/// The lists name every object whose state the transition changed, loaded in the context or
/// not: merged saves list every object the save touched. Updated objects come with the names of
/// their changed keys, to-one and to-many relationships included, at both ends of a relationship
/// (re-pointing an event's `sport` updates the event's `sport` and both sports' `events`). An
/// observer re-evaluates the objects it cares about against what the context now shows.
public struct ChangeEvent: Sendable {
    /// Grows by one per event of the context's stream, from 1.
    public let sequenceNumber: Int64
    /// The context whose stream this is.
    public let context: ContextIdentifier
    /// What happened.
    public let kind: Kind
    /// Objects the transition brought into what the context shows: inserted (unsaved, or by a
    /// save), or back from an unsaved deletion that was rolled back.
    public let insertedObjectIDs: Set<ObjectID>
    /// Objects whose values changed, each with the names of its changed keys.
    public var changedKeys: [ObjectID: Set<String>] { updates.changedKeys }
    /// Objects updated by the transition (the keys of ``changedKeys``).
    public var updatedObjectIDs: Set<ObjectID> { updates.ids }
    /// Objects the transition removed from what the context shows: deleted (unsaved, or by a
    /// save), or inserted and then rolled back.
    public let deletedObjectIDs: Set<ObjectID>
    /// Objects loaded in the context whose values were replaced wholesale: by a merge, a
    /// refresh, a rollback, or a save whose merge policy took stored values.
    public let refreshedObjectIDs: Set<ObjectID>
    /// Objects the context no longer holds: deleted by another context's save, inserted and then
    /// rolled back, saved as deleted while another context had deleted them already, or every
    /// object on a reset.
    public let invalidatedObjectIDs: Set<ObjectID>
    /// The saved changes behind a ``Kind/save``, ``Kind/merge`` or ``Kind/childSave`` event.
    public let changeSet: ChangeSet?
    /// The updated objects and their changed keys (a merged batch update's in its compact form).
    let updates: UpdatedObjects
    /// For a merge into a root context: the store generation the merged save committed, which
    /// orders it against the context's reads (see
    /// ``ManagedObjectContext/carriesLatestValues(_:)``); nil for other events.
    package let storeGeneration: Int64?

    /// Whether the transition changed the context's committed values (what its parent or store
    /// holds): true for its own saves and for merged saves, false for unsaved changes. An
    /// observer of committed values (``FetchRequest/includesPendingChanges`` false) follows only
    /// these events and ``Kind/reset``.
    public var isSaved: Bool {
        kind == .save || kind == .merge
    }

    /// Whether the event lists no object at all.
    public var isEmpty: Bool {
        insertedObjectIDs.isEmpty && updates.isEmpty && deletedObjectIDs.isEmpty
            && refreshedObjectIDs.isEmpty && invalidatedObjectIDs.isEmpty
    }

    init(
        sequenceNumber: Int64, context: ContextIdentifier, kind: Kind,
        insertedObjectIDs: Set<ObjectID>, updates: UpdatedObjects, deletedObjectIDs: Set<ObjectID>,
        refreshedObjectIDs: Set<ObjectID>, invalidatedObjectIDs: Set<ObjectID>, changeSet: ChangeSet?, storeGeneration: Int64? = nil
    ) {
        self.sequenceNumber = sequenceNumber
        self.context = context
        self.kind = kind
        self.insertedObjectIDs = insertedObjectIDs
        self.updates = updates
        self.deletedObjectIDs = deletedObjectIDs
        self.refreshedObjectIDs = refreshedObjectIDs
        self.invalidatedObjectIDs = invalidatedObjectIDs
        self.changeSet = changeSet
        self.storeGeneration = storeGeneration
    }
}

extension ChangeEvent {
    /// Calls `body` with each updated object and its changed keys, without building
    /// ``changedKeys``.
    package func forEachUpdatedObject(_ body: (ObjectID, Set<String>) throws -> Void) rethrows {
        try updates.forEach(body)
    }

    /// Whether the event updated some object (``updatedObjectIDs`` is not empty), without
    /// building ``updatedObjectIDs``.
    package var hasUpdatedObjects: Bool {
        !updates.isEmpty
    }

    /// The changed keys of `id`, nil when the event did not update it, without building
    /// ``changedKeys``.
    package func changedKeys(of id: ObjectID) -> Set<String>? {
        updates.keys(of: id)
    }
}
