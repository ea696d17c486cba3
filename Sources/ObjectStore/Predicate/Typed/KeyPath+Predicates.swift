extension KeyPath where Root: ManagedObject, Value: EquatableAttributeValue {
    /// `key == value`, checked by the compiler: `\Event.isLive == true`,
    /// `\Event.sport?.name == "Football"`, `\Event.note == nil`.
    public static func == (lhs: KeyPath, rhs: Value) -> FetchPredicate<Root> {
        KeyExpression.key(lhs) == rhs
    }

    /// `key != value`.
    public static func != (lhs: KeyPath, rhs: Value) -> FetchPredicate<Root> {
        KeyExpression.key(lhs) != rhs
    }
}

extension KeyPath where Root: ManagedObject, Value: OrderedAttributeValue {
    /// `key < value`.
    public static func < (lhs: KeyPath, rhs: Value) -> FetchPredicate<Root> {
        KeyExpression.key(lhs) < rhs
    }

    /// `key <= value`.
    public static func <= (lhs: KeyPath, rhs: Value) -> FetchPredicate<Root> {
        KeyExpression.key(lhs) <= rhs
    }

    /// `key > value`.
    public static func > (lhs: KeyPath, rhs: Value) -> FetchPredicate<Root> {
        KeyExpression.key(lhs) > rhs
    }

    /// `key >= value`.
    public static func >= (lhs: KeyPath, rhs: Value) -> FetchPredicate<Root> {
        KeyExpression.key(lhs) >= rhs
    }
}

extension KeyPath where Root: ManagedObject {
    /// `relationship == object` for a to-one relationship (`\Event.sport == football`), or
    /// `relationship == nil`.
    public static func == <Destination: ManagedObject>(lhs: KeyPath, rhs: Destination?) -> FetchPredicate<Root> where Value == Destination? {
        FetchPredicate(node: .comparison(PredicateComparison(.key(.keyPaths([SendableKeyPath(lhs)], count: false)), .equal, .value(rhs.predicateValue))))
    }

    /// `relationship != object` for a to-one relationship.
    public static func != <Destination: ManagedObject>(lhs: KeyPath, rhs: Destination?) -> FetchPredicate<Root> where Value == Destination? {
        FetchPredicate(node: .comparison(PredicateComparison(.key(.keyPaths([SendableKeyPath(lhs)], count: false)), .notEqual, .value(rhs.predicateValue))))
    }

    /// `relationship == objectID` for a to-one relationship.
    public static func == <Destination: ManagedObject>(lhs: KeyPath, rhs: ObjectID) -> FetchPredicate<Root> where Value == Destination? {
        FetchPredicate(node: .comparison(PredicateComparison(.key(.keyPaths([SendableKeyPath(lhs)], count: false)), .equal, .value(.objectID(rhs)))))
    }
}
