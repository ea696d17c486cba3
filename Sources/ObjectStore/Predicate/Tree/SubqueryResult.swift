/// What a `SUBQUERY(collection, $x, predicate)` gives: the number of members that satisfy its
/// predicate, or a collection operator over a key of those members.
package enum SubqueryResult: Sendable, Hashable {
    /// `.@count`: the number of members that satisfy the predicate.
    case count
    /// `.@sum.key`, `.@avg.key`, `.@min.key`, `.@max.key`: the operator over `member` (a key
    /// of the members, resolved on the members' entity) of the members that satisfy the
    /// predicate.
    case aggregate(CollectionOperator, member: KeyReference)
}
