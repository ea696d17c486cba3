/// A compiled `ANY`/`ALL`/`NONE`: a condition on each member of a to-many relationship of the
/// object reached through `owner` from the evaluated object.
///
/// Quantifiers do not nest (a key path crosses at most one to-many relationship), so the
/// condition reads two objects: the member (operands with ``BoundOperand/readsMember``) and the
/// evaluated object (the others).
struct BoundQuantifier: Sendable {
    let quantifier: PredicateQuantifier
    /// The to-one hops from the evaluated object to the owner of `relationship`.
    let owner: [RelationshipDescription]
    let relationship: RelationshipDescription
    /// The condition on each member.
    let inner: BoundNode
    /// The entities the member side reads (the members, what they reach through to-one
    /// relationships, what they count): without unsaved changes to them, the store can answer.
    let memberEntities: Set<Int>
    /// Whether the member side reads many-to-many links.
    let readsLinks: Bool

    init(_ quantifier: PredicateQuantifier, owner: [RelationshipDescription], relationship: RelationshipDescription, inner: BoundNode) {
        self.quantifier = quantifier
        self.owner = owner
        self.relationship = relationship
        self.inner = inner
        var entities: Set<Int> = [relationship.destinationIndex]
        var readsLinks = relationship.isManyToMany
        inner.forEachPart { part in
            guard case .operand(let operand) = part, operand.readsMember else { return }
            for hop in operand.hops ?? [] { entities.insert(hop.destinationIndex) }
            if case .count(_, let counted) = operand.source {
                entities.insert(counted.destinationIndex)
                readsLinks = readsLinks || counted.isManyToMany
            }
        }
        memberEntities = entities
        self.readsLinks = readsLinks
    }

    /// The same quantifier over another condition.
    func replacingInner(_ inner: BoundNode) -> BoundQuantifier {
        BoundQuantifier(quantifier, owner: owner, relationship: relationship, inner: inner)
    }
}
