/// Sets attributes of every object of an entity that a predicate selects, in the store, with a
/// handful of SQL statements and no object loaded: Core Data's `NSBatchUpdateRequest`.
///
/// Unlike Core Data's, the update is a commit like any save: one history transaction, and one
/// change set merged into every context that merges, so the controllers showing those objects
/// deliver the change.
///
/// ```swift
/// var request = BatchUpdateRequest<Match>(predicate: try FetchPredicate(format: "isLive == YES"))
/// request.set(\.isLive, to: false)
/// let result = try context.execute(request)
/// print(result.count, "matches ended")
/// ```
public struct BatchUpdateRequest<Entity: ManagedObject>: Sendable {
    /// The objects to update; nil for all of the entity's.
    public var predicate: FetchPredicate<Entity>?
    /// The attributes to set, by key path or name, in the order set.
    private(set) var assignments: [BatchAssignment] = []

    /// A request that updates the objects `predicate` selects (all of them for nil).
    public init(predicate: FetchPredicate<Entity>? = nil) {
        self.predicate = predicate
    }

    /// Sets the attribute at `keyPath` to `value` in every object updated.
    public mutating func set<Value: AttributeValue>(_ keyPath: KeyPath<Entity, Value>, to value: Value) {
        assignments.append(BatchAssignment(keyPath: keyPath, value: value))
    }

    /// Sets the attribute named `name` to `value` in every object updated. A name that is not an
    /// attribute of the entity, or a value of another type, fails the request with
    /// ``ObjectStoreError/invalidBatchRequest(entity:reason:)``.
    public mutating func set<Value: AttributeValue>(_ name: String, to value: Value) {
        assignments.append(BatchAssignment(name: name, value: value))
    }
}
