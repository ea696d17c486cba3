/// One side of a comparison in a predicate tree.
package indirect enum PredicateTerm: Sendable, Hashable {
    /// A key path of the evaluated object (`title`, `sport.name`, `events.@count`).
    case key(KeyReference)
    /// A constant.
    case value(PredicateValue)
    /// `$NAME`, replaced by ``FetchPredicate/withSubstituting(_:)``.
    case variable(String)
    /// `{a, b, …}`: the right-hand side of `IN` or `BETWEEN`.
    case list([PredicateTerm])
    /// `SELF`: the evaluated object itself.
    case evaluatedObject
    /// `lhs op rhs`: arithmetic on numbers (`price * quantity`), and on dates and seconds
    /// (`start - 3600`, `end - start`).
    case arithmetic(ArithmeticOperator, PredicateTerm, PredicateTerm)
    /// `function(arguments…)`: a built-in function of `NSExpression` (`abs(score)`, `now()`).
    case function(PredicateFunction, [PredicateTerm])
    /// `SUBQUERY(collection, $variable, predicate).@count` (or `.@sum.key`, `.@avg.key`,
    /// `.@min.key`, `.@max.key`): the number of members of the to-many `collection` that satisfy
    /// `predicate`, whose keys start at the member (written `$variable.key` in the format
    /// syntax), or a collection operator over a key of those members.
    case subquery(collection: KeyReference, variable: String, predicate: PredicateNode, result: SubqueryResult)

    /// Whether the term is a constant.
    var isValue: Bool {
        if case .value = self { true } else { false }
    }
}
