import GRDB

/// A description of which objects of an entity to fetch, in which order.
///
/// This requests select all objects, or those whose attributes (or to-one relationships)
/// equal given values; predicates and result types build on the same type.
///
/// ```swift
/// var request = FetchRequest<Event>()
/// request.filter(\.isLive, equals: true)
/// request.sortDescriptors = [FetchSortDescriptor(\.start)]
/// request.fetchLimit = 20
/// let events = try context.fetch(request)
/// ```
public struct FetchRequest<Entity: ManagedObject>: Sendable {
    /// The maximum number of results; 0 means no limit.
    public var fetchLimit = 0
    /// How many leading results to skip.
    public var fetchOffset = 0
    /// Whether the context's unsaved inserts, updates and deletes are reflected (default true).
    public var includesPendingChanges = true
    /// The order of the results; objects that tie are ordered by key, so every order is total.
    public var sortDescriptors: [FetchSortDescriptor<Entity>] = []
    /// Conditions every result satisfies, resolved against the model when the request runs.
    package var conditions: [Condition] = []

    /// A request for every object of the entity.
    public init() {}

    /// A request for the objects whose attribute at `keyPath` equals `value`.
    public init<Value: AttributeValue>(where keyPath: KeyPath<Entity, Value>, equals value: Value) {
        filter(keyPath, equals: value)
    }

    /// Keeps only the objects whose attribute at `keyPath` equals `value` (nil equals nil).
    public mutating func filter<Value: AttributeValue>(_ keyPath: KeyPath<Entity, Value>, equals value: Value) {
        conditions.append(Condition(keyPath: SendableKeyPath(keyPath), value: value.storedValue))
    }

    /// Keeps only the objects whose to-one relationship at `keyPath` points at the object with
    /// `objectID` (or is nil when `objectID` is nil).
    public mutating func filter<Destination: ManagedObject>(_ keyPath: KeyPath<Entity, Destination?>, equals objectID: ObjectID?) {
        let value = objectID.map { ($0.key).databaseValue } ?? .null
        conditions.append(Condition(keyPath: SendableKeyPath(keyPath), value: value))
    }

    /// One equality condition, by key path.
    package struct Condition: Sendable {
        let keyPath: SendableKeyPath
        let value: DatabaseValue
    }

    /// The request as a store query over `entity`.
    package func storeQuery(entity: EntityDescription) -> StoreQuery {
        var query = StoreQuery(entity: entity)
        for condition in conditions {
            query.filters.append(ColumnEquality(column: entity.column(forKeyPath: condition.keyPath.keyPath), value: condition.value))
        }
        query.orders = sortDescriptors.map { StoreQuery.Order(column: entity.column(forKeyPath: $0.keyPath.keyPath), ascending: $0.ascending) }
        query.limit = fetchLimit > 0 ? fetchLimit : nil
        query.offset = max(0, fetchOffset)
        return query
    }
}
