public import DiffableSnapshots

/// What a ``IdentifiedFetchedResultsController`` delivers after its fetch and after every change
/// that touches its results: the results as a typed snapshot, the previous delivery's snapshot
/// and the batch update between the two, Core Data's classic changes on request, and a
/// generation number.
///
/// A delivery is a `Sendable` value: apply it from any actor. Feed it to a data source without a
/// diff:
///
/// ```swift
/// for await delivery in controller.deliveries() {
///     try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
///                                from: delivery.previousSnapshot)
/// }
/// ```
public struct FetchedResultsDelivery<ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// The results: one section per section name (`""` without a section key path, or for a nil
    /// section value), in order. Objects that changed and stayed are marked with
    /// `reconfigureItems` (or `reloadItems`, as ``FetchedResultsUpdateMarking`` chooses).
    public var snapshot: DiffableDataSourceSnapshot<String, ItemIdentifierType>
    /// The previous delivery's ``snapshot`` (empty for the first delivery): the snapshot
    /// ``batchUpdate`` starts from, to hand a data source with it.
    public var previousSnapshot: DiffableDataSourceSnapshot<String, ItemIdentifierType>
    /// The batch update from ``previousSnapshot`` to ``snapshot``. It passes
    /// `validate(from:to:)`.
    ///
    /// After a change followed incrementally it is built from what the controller did (which
    /// objects left, entered, moved and changed, and where), in O(*k* log *k*) for *k* changed
    /// objects: only objects that changed move, and an object whose sort key changed but which
    /// kept its place is reconfigured, not moved. After a fetch, or when the results' keys were
    /// read again, it is the diff of the two snapshots, with the fewest moves.
    public var batchUpdate: BatchUpdate
    /// Core Data's classic change stream for the same step, when the controller reports it
    /// (``IdentifiedFetchedResultsController/reportsClassicChanges``, or a delegate is set).
    public var changes: FetchedResultsChanges<ItemIdentifierType>?
    /// 1 for the first delivery, one more for each delivery after it: the i-th batch update goes
    /// from delivery i-1 to delivery i.
    public var generation: Int
    /// The last event of the context's change stream the delivery reflects.
    public var sequenceNumber: Int64
    /// Whether the delivery follows a resync: commits of other processes that the persistent
    /// history no longer held (a `ChangeEvent` of kind `resync`). The controller read
    /// its results again; the batch update goes from the last delivery to them, with every
    /// object that stayed marked, since what changed in it is unknown.
    public var isResync = false
}
