/// A key of `Root` in a typed predicate: an attribute or to-one key path, a to-many key path with
/// `ANY`, `ALL` or `NONE`, the `@count` of a to-many relationship (of all members, or of those a
/// predicate selects), a collection operator (`@sum`, `@avg`, `@min`, `@max`), or arithmetic on
/// numeric keys.
///
/// ```swift
/// let predicates: [FetchPredicate<Sport>] = [
///     .key(\.name).beginsWith("foot", options: .caseInsensitive),
///     .any(\.events, \.attendance) > 10_000,
///     .count(\.events) >= 3,
///     .count(\.events, where: \Event.attendance > 10_000) > 0,
///     .sum(\.events, \.attendance) > 15_000,
///     .sum(\.events, \.attendance) / .count(\.events) > 10_000,
/// ]
/// ```
///
/// Key paths compare directly too (`\Event.attendance > 100`); use a key expression for string
/// operators, `IN`, `BETWEEN`, options, quantifiers and counts.
public struct KeyExpression<Root: ManagedObject, Value>: Sendable {
    let quantifier: PredicateQuantifier?
    /// The key, or what is computed from keys (arithmetic, a subquery's count).
    let term: PredicateTerm

    init(quantifier: PredicateQuantifier? = nil, reference: KeyReference) {
        self.init(quantifier: quantifier, term: .key(reference))
    }

    init(quantifier: PredicateQuantifier? = nil, term: PredicateTerm) {
        self.quantifier = quantifier
        self.term = term
    }

    /// The attribute or to-one relationship at `keyPath` (through to-one relationships:
    /// `\Event.sport?.name`).
    public static func key(_ keyPath: KeyPath<Root, Value>) -> KeyExpression {
        KeyExpression(reference: .keyPaths([SendableKeyPath(keyPath)], count: false))
    }

    /// `ANY relationship.member`: true when at least one member's value satisfies the comparison.
    public static func any<Member: ManagedObject>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>) -> KeyExpression {
        KeyExpression(quantifier: .any, reference: .keyPaths([SendableKeyPath(relationship), SendableKeyPath(member)], count: false))
    }

    /// `ALL relationship.member`: true when every member's value satisfies the comparison (and for
    /// no members).
    public static func all<Member: ManagedObject>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>) -> KeyExpression {
        KeyExpression(quantifier: .all, reference: .keyPaths([SendableKeyPath(relationship), SendableKeyPath(member)], count: false))
    }

    /// `NONE relationship.member`: true when no member's value satisfies the comparison.
    public static func none<Member: ManagedObject>(_ relationship: KeyPath<Root, Set<Member>>, _ member: KeyPath<Member, Value>) -> KeyExpression {
        KeyExpression(quantifier: PredicateQuantifier.none, reference: .keyPaths([SendableKeyPath(relationship), SendableKeyPath(member)], count: false))
    }

    /// `relationship.@count`: the number of members of a to-many relationship.
    public static func count<Member: ManagedObject>(_ relationship: KeyPath<Root, Set<Member>>) -> KeyExpression where Value == Int {
        KeyExpression(reference: .keyPaths([SendableKeyPath(relationship)], count: true))
    }

    /// The comparison of this key with `rhs`.
    func compare(_ op: PredicateOperator, _ rhs: PredicateTerm, options: ComparisonOptions = []) -> FetchPredicate<Root> {
        FetchPredicate(node: .comparison(PredicateComparison(quantifier: quantifier, term, op, rhs, options: options)))
    }
}
