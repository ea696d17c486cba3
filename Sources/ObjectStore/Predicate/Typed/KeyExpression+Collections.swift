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
        KeyExpression(term: .subquery(collection: .keyPaths([SendableKeyPath(relationship)], count: false), variable: "x", predicate: predicate.node, result: .count))
    }

    /// `SUBQUERY(relationship, $x, predicate).@sum.member`: the total of the values of the
    /// members that satisfy `predicate` (nil values left out), 0 for none:
    /// `.sum(\.bets, \.stake, where: \Bet.isOpen == true) > 100`.
    public static func sum<Member: ManagedObject, MemberValue: NumericAttributeValue>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, MemberValue>, where predicate: FetchPredicate<Member>) -> KeyExpression where Value == Double {
        subquery(relationship, .sum, member, where: predicate)
    }

    /// `SUBQUERY(relationship, $x, predicate).@avg.member`: the mean of the values of the
    /// members that satisfy `predicate` (nil values left out), nil for none.
    public static func average<Member: ManagedObject, MemberValue: NumericAttributeValue>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, MemberValue>, where predicate: FetchPredicate<Member>) -> KeyExpression where Value == Double? {
        subquery(relationship, .average, member, where: predicate)
    }

    /// `SUBQUERY(relationship, $x, predicate).@min.member`: the smallest value of the members
    /// that satisfy `predicate` (nil values left out), nil for none.
    public static func min<Member: ManagedObject>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>, where predicate: FetchPredicate<Member>) -> KeyExpression where Value: OrderedAttributeValue {
        subquery(relationship, .minimum, member, where: predicate)
    }

    /// `SUBQUERY(relationship, $x, predicate).@max.member`: the largest value of the members
    /// that satisfy `predicate` (nil values left out), nil for none.
    public static func max<Member: ManagedObject>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>, where predicate: FetchPredicate<Member>) -> KeyExpression where Value: OrderedAttributeValue {
        subquery(relationship, .maximum, member, where: predicate)
    }

    private static func subquery<Member: ManagedObject, MemberValue>(_ relationship: KeyPath<Root, Set<Member>>, _ collectionOperator: CollectionOperator, _ member: KeyPath<Member, MemberValue>, where predicate: FetchPredicate<Member>) -> KeyExpression {
        let result = SubqueryResult.aggregate(collectionOperator, member: .keyPaths([SendableKeyPath(member)], count: false))
        return KeyExpression(term: .subquery(collection: .keyPaths([SendableKeyPath(relationship)], count: false), variable: "x", predicate: predicate.node, result: result))
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

    /// `SUBQUERY(relationship, $x, predicate).@sum.member`:
    /// `.sum(\.bets, \.stake, where: \Bet.isOpen == true) > 100`.
    public static func sum<Member: ManagedObject, MemberValue: NumericAttributeValue>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, MemberValue>, where predicate: FetchPredicate<Member>) -> KeyExpression<Root, Double> {
        .sum(relationship, member, where: predicate)
    }

    /// `SUBQUERY(relationship, $x, predicate).@avg.member`:
    /// `.average(\.bets, \.stake, where: \Bet.isOpen == true) > 10`.
    public static func average<Member: ManagedObject, MemberValue: NumericAttributeValue>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, MemberValue>, where predicate: FetchPredicate<Member>) -> KeyExpression<Root, Double?> {
        .average(relationship, member, where: predicate)
    }

    /// `SUBQUERY(relationship, $x, predicate).@min.member`:
    /// `.min(\.events, \.start, where: \Event.isLive == true) < date`.
    public static func min<Member: ManagedObject, Value: OrderedAttributeValue>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>, where predicate: FetchPredicate<Member>) -> KeyExpression<Root, Value> {
        .min(relationship, member, where: predicate)
    }

    /// `SUBQUERY(relationship, $x, predicate).@max.member`:
    /// `.max(\.events, \.start, where: \Event.isLive == true) < date`.
    public static func max<Member: ManagedObject, Value: OrderedAttributeValue>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>, where predicate: FetchPredicate<Member>) -> KeyExpression<Root, Value> {
        .max(relationship, member, where: predicate)
    }
}
