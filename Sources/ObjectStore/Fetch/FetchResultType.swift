/// What ``ManagedObjectContext/execute(_:)->FetchResult<Entity>`` returns for a request (Core Data's
/// `NSFetchRequestResultType`).
public enum FetchResultType: Sendable, Hashable {
    /// The objects (``FetchResult/objects(_:)``), materialised in batches of
    /// ``FetchRequest/fetchBatchSize``.
    case managedObjects
    /// Their IDs only (``FetchResult/objectIDs(_:)``): no object is materialised.
    case managedObjectIDs
    /// One dictionary per object with the ``FetchRequest/propertiesToFetch``
    /// (``FetchResult/dictionaries(_:)``).
    case dictionaries
    /// The number of objects (``FetchResult/count(_:)``).
    case count
}
