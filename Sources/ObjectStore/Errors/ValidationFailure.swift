/// One broken model rule found when saving.
public enum ValidationFailure: Sendable, Hashable, CustomStringConvertible {
    /// A non-optional attribute or to-one relationship is nil.
    case missingValue(ObjectID, key: String)
    /// A relationship with the ``DeleteRule/deny`` rule still points at objects.
    case deleteDenied(ObjectID, relationship: String, related: [ObjectID])
    /// Two objects share the values of a uniqueness constraint.
    case uniquenessViolated(entity: String, keys: [String])

    /// A sentence that says what is wrong, naming the object and key; the message of
    /// ``ObjectStoreError/validation(_:)`` follows it with what to do.
    public var description: String {
        switch self {
        case let .missingValue(id, key):
            return "The object \(id) has no value for the non-optional key '\(key)'."
        case let .deleteDenied(id, relationship, related):
            return "The object \(id) cannot be deleted: its relationship '\(relationship)' still refers to \(related.count) object(s) and its delete rule is deny."
        case let .uniquenessViolated(entity, keys):
            return "Two \(entity) objects share the same value for the unique key(s) \(keys.joined(separator: ", "))."
        }
    }
}
