/// One object's change in a ``HistoryTransaction``.
public struct HistoryChange: Sendable, Hashable {
    /// The object that changed.
    public let changedObjectID: ObjectID
    /// Whether it was inserted, updated or deleted.
    public let changeType: HistoryChangeType
    /// For an update: the names of the attributes and relationships whose saved values changed
    /// (to-many relationships included, when objects on the other side were inserted, deleted or
    /// re-pointed, or many-to-many links added or removed). Empty for inserts and deletes.
    public let updatedProperties: Set<String>
    /// For a delete: the values, at deletion, of the attributes declared with
    /// ``AttributeOptions/preservesValueAfterDeletion``, by name (an attribute whose value was
    /// nil is present with ``StoredValue/null``); nil for inserts and updates.
    public let tombstone: [String: StoredValue]?

    init(changedObjectID: ObjectID, changeType: HistoryChangeType, updatedProperties: Set<String>, tombstone: [String: StoredValue]?) {
        self.changedObjectID = changedObjectID
        self.changeType = changeType
        self.updatedProperties = updatedProperties
        self.tombstone = tombstone
    }
}
