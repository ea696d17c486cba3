public import DiffableSnapshots
public import ObjectStore

/// One object's change in Core Data's classic change stream (the delegate's
/// `controller(_:didChange:at:for:newIndexPath:)`), with index paths exactly as
/// `NSFetchedResultsController` defines them: deletes and updates at old index paths, inserts at
/// new ones, moves from old to new.
///
/// Replaying a step's changes on the previous results gives the new ones: remove deleted and
/// moved objects at their old paths (and deleted sections), insert new sections, then insert
/// inserted and moved objects at their new paths in ascending order.
public struct FetchedResultsObjectChange<ItemIdentifierType: Hashable & Sendable>: Sendable, Hashable {
    /// The object that changed.
    public var objectID: ObjectID
    /// Its item identifier (in the new results, or the old ones for a delete).
    public var itemIdentifier: ItemIdentifierType
    /// What happened to it.
    public var type: FetchedResultsChangeType
    /// Its index path in the previous results: for deletes, moves and updates; nil for inserts.
    public var indexPath: ItemPath?
    /// Its index path in the new results: for inserts and moves; nil for deletes and updates.
    public var newIndexPath: ItemPath?

    /// A change with the given fields.
    public init(objectID: ObjectID, itemIdentifier: ItemIdentifierType, type: FetchedResultsChangeType, indexPath: ItemPath?, newIndexPath: ItemPath?) {
        self.objectID = objectID
        self.itemIdentifier = itemIdentifier
        self.type = type
        self.indexPath = indexPath
        self.newIndexPath = newIndexPath
    }
}
