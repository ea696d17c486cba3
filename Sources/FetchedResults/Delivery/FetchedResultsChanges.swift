/// One step of Core Data's classic change stream: what a delegate of
/// `NSFetchedResultsController` hears between `controllerWillChangeContent` and
/// `controllerDidChangeContent`.
///
/// Section changes come first (deletes, then inserts), then object changes (deletes, inserts,
/// moves, updates), each group in index order.
public struct FetchedResultsChanges<ItemIdentifierType: Hashable & Sendable>: Sendable, Hashable {
    /// Sections that appeared or disappeared.
    public var sectionChanges: [FetchedResultsSectionChange]
    /// Objects that entered, left, moved or changed in place.
    public var objectChanges: [FetchedResultsObjectChange<ItemIdentifierType>]

    /// A step with the given changes.
    public init(sectionChanges: [FetchedResultsSectionChange] = [], objectChanges: [FetchedResultsObjectChange<ItemIdentifierType>] = []) {
        self.sectionChanges = sectionChanges
        self.objectChanges = objectChanges
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        sectionChanges.isEmpty && objectChanges.isEmpty
    }
}
