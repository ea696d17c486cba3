public import ObjectStore

/// Receives the deliveries of a ``FetchedAggregateController``, on its context's queue.
public protocol FetchedAggregateControllerDelegate<Entity>: AnyObject {
    /// The entity whose objects the controller groups.
    associatedtype Entity: ManagedObject

    /// The groups changed: `delivery` holds them, the snapshot and the batch update.
    func controller(_ controller: FetchedAggregateController<Entity>, didChangeGroupsWith delivery: AggregateDelivery)
    /// Following a change failed (a store read failed); the groups are read again at the next
    /// change.
    func controller(_ controller: FetchedAggregateController<Entity>, didFailWith error: FetchedResultsError)
}

extension FetchedAggregateControllerDelegate {
    /// Does nothing.
    public func controller(_ controller: FetchedAggregateController<Entity>, didFailWith error: FetchedResultsError) {}
}
