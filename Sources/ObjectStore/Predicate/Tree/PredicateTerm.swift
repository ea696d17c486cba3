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
}
