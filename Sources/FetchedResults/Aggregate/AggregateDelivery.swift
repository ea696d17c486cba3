public import DiffableSnapshots

/// One step of a ``FetchedAggregateController``: the groups as a snapshot (one section, one item
/// per group, groups whose values changed marked to reconfigure), their values, and the batch
/// update from the previous delivery.
public struct AggregateDelivery: ResultsDelivery {
    /// The groups, in order, in one section named `""`.
    public let snapshot: DiffableDataSourceSnapshot<String, AggregateGroupID>
    /// The previous delivery's snapshot (empty for the first).
    public let previousSnapshot: DiffableDataSourceSnapshot<String, AggregateGroupID>
    /// From ``previousSnapshot`` to ``snapshot``: groups that appeared, disappeared, and whose
    /// values changed (reconfigured).
    public let batchUpdate: BatchUpdate
    /// The groups, in the snapshot's order.
    public let groups: [AggregateGroup]
    /// The groups whose values changed since the previous delivery, still present.
    public let changedGroups: Set<AggregateGroupID>
    /// 1 for the controller's first delivery, one more for each after it.
    public let generation: Int
    /// The context's `ManagedObjectContext.changeSequenceNumber` the groups reflect.
    public let sequenceNumber: Int64
    /// Whether the groups were read again after a gap in the changes the context followed
    /// (a resync or reset), rather than adjusted change by change.
    public let isResync: Bool
}
