import GRDB

/// A description of which objects of an entity to fetch, in which order, and in which form
/// (Core Data's `NSFetchRequest`).
///
/// ```swift
/// var request = FetchRequest<Event>()
/// request.predicate = try FetchPredicate(format: "isLive == YES AND sport.name ==[c] %@", "football")
/// request.sortDescriptors = [FetchSortDescriptor(\.start)]
/// request.fetchLimit = 20
/// let events = try context.fetch(request)
/// ```
///
/// A request is a `Sendable` value: build it anywhere, run it on a context's queue. Keys are
/// checked when it runs; a bad key or type throws ``ObjectStoreError/invalidFetchRequest(_:)``.
public struct FetchRequest<Entity: ManagedObject>: Sendable {
    /// The condition results satisfy; nil for every object.
    public var predicate: FetchPredicate<Entity>?
    /// The order of the results; objects that tie are ordered by key, so every order is total.
    ///
    /// For a grouped or distinct dictionary fetch (``propertiesToGroupBy``, expressions,
    /// ``returnsDistinctResults``) each descriptor names a column of ``propertiesToFetch``: a
    /// fetched key or an expression's name (`FetchSortDescriptor("n", ascending: false)`: most
    /// first); groups that tie come in ascending order of the grouped keys.
    public var sortDescriptors: [FetchSortDescriptor<Entity>] = []
    /// The maximum number of results; 0 means no limit.
    public var fetchLimit = 0
    /// How many leading results to skip.
    public var fetchOffset = 0
    /// With a value above 0, a fetch (`context.fetch(request)`) reads only
    /// the IDs and materialises objects that many at a time, as they are accessed.
    public var fetchBatchSize = 0
    /// Whether the context's unsaved inserts, updates and deletes are reflected (default true);
    /// they are evaluated in memory with the same semantics as the store's SQL.
    ///
    /// - Complexity: unsaved objects of the entity cost O(k log k) on top of the query. When
    ///   unsaved changes touch an entity the predicate or sort reads through relationships
    ///   (the fetched entity too, for paths such as `mentor.name` that lead back to it), every
    ///   object of the entity is evaluated in memory (O(n)), so that those changes count.
    public var includesPendingChanges = true
    /// What ``ManagedObjectContext/execute(_:)->FetchResult<Entity>`` returns.
    public var resultType: FetchResultType = .managedObjects
    /// For ``FetchResultType/dictionaries``: the attributes and to-one keys (through to-one
    /// relationships too, `"sport.name"`) each dictionary holds, and computed columns
    /// (``ExpressionDescription``: `.count(\.title, as: "n")`); nil for every attribute.
    public var propertiesToFetch: [FetchKeyPath<Entity>]?
    /// For ``FetchResultType/dictionaries``: the keys (attributes and to-one keys, through to-one
    /// relationships too) whose values form groups; the result holds one dictionary per group,
    /// with the grouped keys and the computed columns of ``propertiesToFetch``, in the order of
    /// ``sortDescriptors`` and then in ascending order of the grouped keys. Every key fetched
    /// must be grouped. See <doc:GroupedFetches>.
    public var propertiesToGroupBy: [FetchKeyPath<Entity>]?
    /// A condition on the groups of ``propertiesToGroupBy``, over the names of the computed
    /// columns and the grouped keys (`"n > 5 AND sport.name != 'chess'"`): comparisons
    /// (`==`, `!=`, `<`, `<=`, `>`, `>=`) with constants, combined with `AND`, `OR` and `NOT`.
    public var havingPredicate: FetchPredicate<Entity>?
    /// For ``FetchResultType/dictionaries``: whether equal dictionaries are returned once (in
    /// the order of ``sortDescriptors``, then in ascending order of their values).
    public var returnsDistinctResults = false
    /// Relationships (dotted for several steps, `"sport.events"`) whose objects are loaded
    /// together with the results, in one query per step, so that reading them later needs no
    /// query per object.
    public var relationshipKeyPathsForPrefetching: [FetchKeyPath<Entity>] = []
    /// Conditions every result satisfies, resolved against the model when the request runs.
    package var conditions: [Condition] = []

    /// A request for every object of the entity.
    public init() {}

    /// A request with a predicate and an order.
    public init(predicate: FetchPredicate<Entity>?, sortDescriptors: [FetchSortDescriptor<Entity>] = []) {
        self.predicate = predicate
        self.sortDescriptors = sortDescriptors
    }

    /// A request for the objects whose attribute at `keyPath` equals `value`.
    public init<Value: AttributeValue>(where keyPath: KeyPath<Entity, Value>, equals value: Value) {
        filter(keyPath, equals: value)
    }

    /// Keeps only the objects whose attribute at `keyPath` equals `value` (nil equals nil).
    ///
    /// `keyPath` must name a stored attribute of the entity itself; otherwise (a computed property,
    /// a path through a relationship) running the request throws
    /// ``ObjectStoreError/invalidFetchRequest(_:)`` with ``FetchPredicateError/unknownKey(entity:key:)``.
    /// Use a ``predicate`` for paths.
    public mutating func filter<Value: AttributeValue>(_ keyPath: KeyPath<Entity, Value>, equals value: Value) {
        conditions.append(Condition(keyPath: SendableKeyPath(keyPath), value: value.storedValue.databaseValue))
    }

    /// Keeps only the objects whose to-one relationship at `keyPath` points at the object with
    /// `objectID` (or is nil when `objectID` is nil). `keyPath` must name a relationship of the
    /// entity itself (else running the request throws, as for attributes).
    public mutating func filter<Destination: ManagedObject>(_ keyPath: KeyPath<Entity, Destination?>, equals objectID: ObjectID?) {
        let value = objectID.map { ($0.key).databaseValue } ?? .null
        conditions.append(Condition(keyPath: SendableKeyPath(keyPath), value: value))
    }

    /// One equality condition, by key path.
    package struct Condition: Sendable {
        let keyPath: SendableKeyPath
        let value: DatabaseValue
    }

    /// The request as a store query over `entity`: predicate compiled, sort keys resolved.
    ///
    /// - Throws: ``FetchPredicateError`` for unknown keys, type mismatches, unresolved variables and
    ///   invalid regular expressions.
    package func storeQuery(entity: EntityDescription) throws(FetchPredicateError) -> StoreQuery {
        var query = StoreQuery(entity: entity)
        for condition in conditions {
            let keyPath = condition.keyPath.keyPath
            let names = entity.propertyNames(of: keyPath)
            guard let names, names.count == 1, let column = entity.column(named: names[0]) else {
                if let names, names.count == 1, entity.transientAttribute(named: names[0]) != nil {
                    throw .transientKey(entity: entity.name, key: names[0])
                }
                throw .unknownKey(entity: entity.name, key: names?.joined(separator: ".") ?? "\(keyPath)")
            }
            query.filters.append(ColumnEquality(column: column, value: condition.value, entity: entity))
        }
        if let predicate {
            query.filters.append(try BoundPredicate(predicate.node, entity: entity))
        }
        query.orders = try sortDescriptors.map { (descriptor) throws(FetchPredicateError) -> StoreQuery.Order in try descriptor.order(for: entity) }
        query.limit = fetchLimit > 0 ? fetchLimit : nil
        query.offset = max(0, fetchOffset)
        return query
    }
}
