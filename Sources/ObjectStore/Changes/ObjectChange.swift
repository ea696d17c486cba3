/// One change of one object as its context shows it: an element of
/// ``ManagedObjectContext/changes(for:)``.
public struct ObjectChange: Sendable, Hashable {
    /// What happened to the object.
    public enum Kind: Sendable, Hashable {
        /// The object entered what the context shows: inserted, or its deletion rolled back.
        case inserted
        /// Some of its values changed: ``ObjectChange/changedKeys`` names them.
        case updated
        /// Its values were read again and any of them may have changed: a resync, a context
        /// reset, or a save whose merge policy kept the store's values.
        case refreshed
        /// The object was deleted: unsaved (it may come back with a rollback), or for good
        /// (``ObjectChange/isFinal``).
        case deleted
    }

    /// The object.
    public let objectID: ObjectID
    /// What happened to it.
    public let kind: Kind
    /// For ``Kind/updated``: the names of the attributes and relationships whose values changed;
    /// empty for the other kinds.
    public let changedKeys: Set<String>
    /// The kind of the context's event that made the change.
    public let eventKind: ChangeEvent.Kind
    /// The sequence number of that event in the context's change stream.
    public let sequenceNumber: Int64
    /// Whether the object is gone for good (its deletion saved or merged, or its unsaved
    /// insertion discarded): the last change of the sequence.
    public let isFinal: Bool

    /// The change `event` made to the object with `id`, or nil when it made none.
    init?(of id: ObjectID, in event: ChangeEvent) {
        let invalidated = event.invalidatedObjectIDs.contains(id)
        var keys: Set<String> = []
        var isFinal = false
        if event.deletedObjectIDs.contains(id) || (invalidated && event.kind != .reset) {
            kind = .deleted
            isFinal = invalidated || event.isSaved
        } else if event.kind != .save, event.insertedObjectIDs.contains(id) {
            kind = .inserted
        } else if event.kind != .save, let changed = event.changedKeys(of: id) {
            kind = .updated
            keys = changed
        } else if invalidated || (event.refreshedObjectIDs.contains(id) && (event.kind == .resync || event.kind == .save)) {
            kind = .refreshed
        } else {
            return nil
        }
        objectID = id
        changedKeys = keys
        eventKind = event.kind
        sequenceNumber = event.sequenceNumber
        self.isFinal = isFinal
    }
}
