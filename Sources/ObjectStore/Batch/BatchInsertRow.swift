/// The values of one object a ``BatchInsertRequest`` inserts (or, matched by a uniqueness
/// constraint, updates): its attributes by key path or name. Attributes left unset take the
/// model's default when inserted and keep their value when updated.
public struct BatchInsertRow<Entity: ManagedObject>: Sendable {
    /// The attributes set, in the order set.
    private(set) var assignments: [BatchAssignment] = []

    init() {}

    /// Sets the attribute at `keyPath` to `value`.
    public mutating func set<Value: AttributeValue>(_ keyPath: KeyPath<Entity, Value>, to value: Value) {
        assignments.append(BatchAssignment(keyPath: keyPath, value: value))
    }

    /// Sets the attribute named `name` to `value`. A name that is not an attribute of the
    /// entity, or a value of another type, fails the request with
    /// ``ObjectStoreError/invalidBatchRequest(entity:reason:)``.
    public mutating func set(_ name: String, to value: any AttributeValue) {
        assignments.append(BatchAssignment(name: name, value: value))
    }
}
