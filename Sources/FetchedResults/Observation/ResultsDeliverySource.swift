public import DiffableSnapshots
public import ObjectStore

/// A list source that ``ObservedResults`` follows: a fetched results controller, a snapshot
/// composer, or any source that makes numbered deliveries one at a time.
///
/// A source conforms by handing its deliveries to the main actor, in order, from its last one
/// on.
public protocol ResultsDeliverySource<Delivery>: AnyObject, Sendable {
    /// What the source delivers.
    associatedtype Delivery: ResultsDelivery

    /// Calls `receive` on the main actor with the source's last delivery so far, if there is
    /// one, before returning, then with every delivery after it, in order, until the returned
    /// token is cancelled or released.
    @MainActor
    func followDeliveries(_ receive: @escaping @MainActor @Sendable (Delivery) -> Void) -> ObservationToken
}

/// A list source whose items are the objects of a context: ``ObservedResults`` reads its
/// sections and objects.
public protocol FetchedObjectsSource<ResultType>: ResultsDeliverySource {
    /// The type of the objects.
    associatedtype ResultType: ManagedObject

    /// The sections of the results, in order; nil before the first fetch.
    var sections: [FetchedResultsSectionInfo<ResultType>]? { get }
    /// The objects of the results, in order; nil before the first fetch.
    var fetchedObjects: [ResultType]? { get }
    /// The object at `indexPath` in the results.
    func object(at indexPath: ItemPath) -> ResultType
}
