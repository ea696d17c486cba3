/// One broken model rule found when saving.
///
/// It is an `Error` too, so that an object's ``ManagedObject/validateForUpdate()`` (and its
/// siblings) can throw the failure it found.
public enum ValidationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// A non-optional attribute or to-one relationship is nil.
    case missingValue(ObjectID, key: String)
    /// A relationship with the ``DeleteRule/deny`` rule still points at objects.
    case deleteDenied(ObjectID, relationship: String, related: [ObjectID])
    /// Two objects share the values of a uniqueness constraint.
    case uniquenessViolated(entity: String, keys: [String])
    /// The value of the attribute `key` breaks a rule the model declares for it.
    case ruleBroken(ObjectID, key: String, rule: ValidationRule)
    /// The object's own check (``ManagedObject/validateForInsert()``,
    /// ``ManagedObject/validateForUpdate()`` or ``ManagedObject/validateForDelete()``) threw;
    /// `reason` is the description of what it threw.
    case objectRejected(ObjectID, check: ObjectCheck, reason: String)

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
        case let .ruleBroken(id, key, rule):
            return "The value of '\(key)' of the object \(id) must be \(rule)."
        case let .objectRejected(id, check, reason):
            return "The object \(id) failed its \(check) check: \(reason)"
        }
    }
}
