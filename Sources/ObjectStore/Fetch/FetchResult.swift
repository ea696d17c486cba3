/// The result of ``ManagedObjectContext/execute(_:)->FetchResult<Entity>``, as the request's ``FetchRequest/resultType``
/// selects.
public enum FetchResult<Entity: ManagedObject> {
    /// For ``FetchResultType/managedObjects``.
    case objects(FetchedObjects<Entity>)
    /// For ``FetchResultType/managedObjectIDs``.
    case objectIDs([ObjectID])
    /// For ``FetchResultType/dictionaries``: property name (as requested, `"sport.name"`) to value;
    /// nil values are left out, as in Core Data. To-one relationships give ``ObjectID``s.
    case dictionaries([[String: any Sendable]])
    /// For ``FetchResultType/count``.
    case count(Int)
}
