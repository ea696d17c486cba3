/// One section's change in Core Data's classic change stream (the delegate's
/// `controller(_:didChangeSection:atSectionIndex:for:)`): a section appears (at its index in the
/// new results) or disappears (from its index in the previous results).
public struct FetchedResultsSectionChange: Sendable, Hashable {
    /// The section's name.
    public var name: String
    /// Its index: in the new results for an insert, in the previous ones for a delete.
    public var index: Int
    /// ``FetchedResultsChangeType/insert`` or ``FetchedResultsChangeType/delete``.
    public var type: FetchedResultsChangeType

    /// A section change with the given fields.
    public init(name: String, index: Int, type: FetchedResultsChangeType) {
        self.name = name
        self.index = index
        self.type = type
    }
}
