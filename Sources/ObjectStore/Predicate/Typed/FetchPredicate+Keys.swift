extension FetchPredicate {
    /// A key expression for string operators, `IN`, `BETWEEN` and options:
    /// `.key(\.title).beginsWith("fin", options: .caseInsensitive)`.
    public static func key<Value>(_ keyPath: KeyPath<Root, Value>) -> KeyExpression<Root, Value> {
        .key(keyPath)
    }

    /// `ANY relationship.member`: `.any(\.events, \.attendance) > 1000`.
    public static func any<Member: ManagedObject, Value>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>) -> KeyExpression<Root, Value> {
        .any(relationship, member)
    }

    /// `ALL relationship.member`.
    public static func all<Member: ManagedObject, Value>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>) -> KeyExpression<Root, Value> {
        .all(relationship, member)
    }

    /// `NONE relationship.member`.
    public static func none<Member: ManagedObject, Value>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>) -> KeyExpression<Root, Value> {
        .none(relationship, member)
    }

    /// `relationship.@count`: `.count(\.events) > 3`.
    public static func count<Member: ManagedObject>(_ relationship: KeyPath<Root, Set<Member>>) -> KeyExpression<Root, Int> {
        .count(relationship)
    }
}
