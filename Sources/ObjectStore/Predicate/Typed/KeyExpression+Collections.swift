extension KeyExpression {
    /// `relationship.@sum.member`: the total of the members' values (nil values left out), 0
    /// for no members.
    public static func sum<Member: ManagedObject, MemberValue: NumericAttributeValue>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, MemberValue>) -> KeyExpression where Value == Double {
        KeyExpression(reference: .aggregate(relationship: SendableKeyPath(relationship), .sum, member: SendableKeyPath(member)))
    }

    /// `relationship.@avg.member`: the mean of the members' values (nil values left out), nil
    /// for none.
    public static func average<Member: ManagedObject, MemberValue: NumericAttributeValue>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, MemberValue>) -> KeyExpression where Value == Double? {
        KeyExpression(reference: .aggregate(relationship: SendableKeyPath(relationship), .average, member: SendableKeyPath(member)))
    }

    /// `relationship.@min.member`: the smallest of the members' values (nil values left
    /// out), nil for none. Strings, UUIDs and data are ordered by their bytes, decimals by value.
    public static func min<Member: ManagedObject>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>) -> KeyExpression where Value: OrderedAttributeValue {
        KeyExpression(reference: .aggregate(relationship: SendableKeyPath(relationship), .minimum, member: SendableKeyPath(member)))
    }

    /// `relationship.@max.member`: the largest of the members' values (nil values left
    /// out), nil for none. Strings, UUIDs and data are ordered by their bytes, decimals by value.
    public static func max<Member: ManagedObject>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>) -> KeyExpression where Value: OrderedAttributeValue {
        KeyExpression(reference: .aggregate(relationship: SendableKeyPath(relationship), .maximum, member: SendableKeyPath(member)))
    }

    /// `SUBQUERY(relationship, $x, predicate).@count`: the number of members that satisfy
    /// `predicate`: `.count(\.bets, where: \Bet.stake > 10) > 0`.
    public static func count<Member: ManagedObject>(_ relationship: KeyPath<Root, Set<Member>>, where predicate: FetchPredicate<Member>) -> KeyExpression where Value == Int {
        KeyExpression(term: .subqueryCount(collection: .keyPaths([SendableKeyPath(relationship)], count: false), variable: "x", predicate: predicate.node))
    }
}

extension FetchPredicate {
    /// `relationship.@sum.member`: `.sum(\.bets, \.stake) > 100`.
    public static func sum<Member: ManagedObject, MemberValue: NumericAttributeValue>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, MemberValue>) -> KeyExpression<Root, Double> {
        .sum(relationship, member)
    }

    /// `relationship.@avg.member`: `.average(\.players, \.score) >= 3.5`.
    public static func average<Member: ManagedObject, MemberValue: NumericAttributeValue>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, MemberValue>) -> KeyExpression<Root, Double?> {
        .average(relationship, member)
    }

    /// `relationship.@min.member`: `.min(\.events, \.start) < date`.
    public static func min<Member: ManagedObject, Value: OrderedAttributeValue>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>) -> KeyExpression<Root, Value> {
        .min(relationship, member)
    }

    /// `relationship.@max.member`: `.max(\.events, \.start) < date`.
    public static func max<Member: ManagedObject, Value: OrderedAttributeValue>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>) -> KeyExpression<Root, Value> {
        .max(relationship, member)
    }

    /// `SUBQUERY(relationship, $x, predicate).@count`: `.count(\.bets, where: \Bet.stake > 10) > 0`.
    public static func count<Member: ManagedObject>(_ relationship: KeyPath<Root, Set<Member>>, where predicate: FetchPredicate<Member>) -> KeyExpression<Root, Int> {
        .count(relationship, where: predicate)
    }
}
