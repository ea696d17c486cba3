/// A compiled collection operator: `@sum`, `@avg`, `@min` or `@max` of an attribute of the
/// members of a to-many relationship (reached from each member through `memberHops`).
struct BoundAggregate: Sendable {
    let collectionOperator: CollectionOperator
    let relationship: RelationshipDescription
    /// The to-one hops from a member to the object that holds the attribute.
    let memberHops: [RelationshipDescription]
    /// The attribute's position in the value array of the entity that holds it.
    let column: Int
    let name: String
    /// The order `@min` and `@max` pick by: the order comparisons of the attribute's domain use
    /// (bytes for strings, UUIDs and data, value for decimals).
    let collation: SortCollation
    /// The predicate a member must satisfy to count (`SUBQUERY(…).@sum.key`), compiled for the
    /// members; nil for every member.
    var filter: BoundNode? = nil
}
