public import DiffableSnapshots

/// One step of a list source that ``ObservedResults`` follows: the list as a snapshot, numbered.
///
/// ``FetchedResultsDelivery`` and ``SnapshotComposition`` are results deliveries.
public protocol ResultsDelivery: Sendable {
    /// The type of the list's section identifiers.
    associatedtype SectionIdentifierType: Hashable & Sendable
    /// The type of the list's item identifiers.
    associatedtype ItemIdentifierType: Hashable & Sendable

    /// The list after this step.
    var snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { get }
    /// 1 for the source's first delivery, one more for each after it.
    var generation: Int { get }
}

extension FetchedResultsDelivery: ResultsDelivery {}

extension SnapshotComposition: ResultsDelivery {}
