/// The predicate tree every form of predicate builds: format strings, typed key path
/// expressions and combinations of both.
package indirect enum PredicateNode: Sendable, Hashable {
    /// `TRUEPREDICATE` or `FALSEPREDICATE`.
    case constant(Bool)
    /// `NOT p`.
    case not(PredicateNode)
    /// `p AND q AND …`: n-ary, so long chains stay flat (true when empty). Build it with
    /// ``conjunction(_:)``, which flattens nested conjunctions.
    case and([PredicateNode])
    /// `p OR q OR …`: n-ary, so long chains stay flat (false when empty). Build it with
    /// ``disjunction(_:)``, which flattens nested disjunctions.
    case or([PredicateNode])
    /// A comparison.
    case comparison(PredicateComparison)
}

/// A comparison: `[ANY|ALL|NONE] lhs op[options] rhs`.
package struct PredicateComparison: Sendable, Hashable {
    /// `ANY`, `ALL` or `NONE` before a to-many key path, or nil.
    package var quantifier: PredicateQuantifier?
    package var lhs: PredicateTerm
    package var op: PredicateOperator
    /// `[c]`, `[d]` or `[cd]`.
    package var options: ComparisonOptions
    package var rhs: PredicateTerm

    package init(quantifier: PredicateQuantifier? = nil, _ lhs: PredicateTerm, _ op: PredicateOperator, _ rhs: PredicateTerm, options: ComparisonOptions = []) {
        self.quantifier = quantifier
        self.lhs = lhs
        self.op = op
        self.options = options
        self.rhs = rhs
    }
}

/// How a comparison over a to-many key path combines its members.
package enum PredicateQuantifier: Sendable, Hashable {
    /// `ANY` (or `SOME`): at least one member satisfies it.
    case any
    /// `ALL`: every member satisfies it (true for no members).
    case all
    /// `NONE`: no member satisfies it.
    case none

    var formatToken: String {
        switch self {
        case .any: "ANY"
        case .all: "ALL"
        case .none: "NONE"
        }
    }
}
