/// A predicate compiled for an entity: keys resolved to columns and joins, constants converted
/// to stored form, patterns compiled. Both the SQL text and the in-memory evaluation are read
/// from this one tree.
indirect enum BoundNode: Sendable {
    case constant(Bool)
    case not(BoundNode)
    case and(BoundNode, BoundNode)
    case or(BoundNode, BoundNode)
    /// `lhs op rhs` under a collation (BINARY, or by value for decimals); unknown when either
    /// side is NULL.
    case compare(BoundOperand, BoundComparison, BoundOperand, SortCollation)
    /// `IS NULL` / `IS NOT NULL` (never unknown).
    case isNull(BoundOperand, negated: Bool)
    /// `lhs IN (elements)`, with SQL's rules for NULL.
    case inList(BoundOperand, [BoundOperand], SortCollation)
    /// A string operator; `matcher` is compiled when the pattern is a constant.
    case text(TextOperator, BoundOperand, BoundOperand, ComparisonOptions, TextMatcher?)
    /// `ANY`/`ALL`/`NONE` over the members of `relationship` of the object reached through
    /// `owner` from scope `ownerScope`; `inner` reads the member as scope `ownerScope + 1`.
    case quantified(PredicateQuantifier, owner: [RelationshipDescription], ownerScope: Int, relationship: RelationshipDescription, inner: BoundNode)

    /// What a traversal meets: an operand, or a quantifier with its owner path.
    enum Part {
        case operand(BoundOperand)
        case quantifier(owner: [RelationshipDescription], ownerScope: Int, relationship: RelationshipDescription)
    }

    /// Calls `visit` for every operand and quantifier of the tree, depth first.
    func forEachPart(_ visit: (Part) -> Void) {
        switch self {
        case .constant:
            break
        case .not(let operand):
            operand.forEachPart(visit)
        case .and(let left, let right), .or(let left, let right):
            left.forEachPart(visit)
            right.forEachPart(visit)
        case .compare(let left, _, let right, _), .text(_, let left, let right, _, _):
            visit(.operand(left))
            visit(.operand(right))
        case .isNull(let operand, _):
            visit(.operand(operand))
        case .inList(let operand, let elements, _):
            visit(.operand(operand))
            for element in elements { visit(.operand(element)) }
        case .quantified(_, let owner, let ownerScope, let relationship, let inner):
            visit(.quantifier(owner: owner, ownerScope: ownerScope, relationship: relationship))
            inner.forEachPart(visit)
        }
    }

    /// Calls `body` for every operand and quantifier owner that reads an object, with its scope
    /// and to-one hops.
    func forEachPath(_ body: (_ scope: Int, _ hops: [RelationshipDescription]) -> Void) {
        forEachPart { part in
            switch part {
            case .operand(let operand): if let hops = operand.hops { body(operand.scope, hops) }
            case .quantifier(let owner, let ownerScope, _): body(ownerScope, owner)
            }
        }
    }

    /// The indexes of the entities the predicate reads through relationships (to-one
    /// destinations, to-many members and counted members), the root's entity included when a
    /// relationship leads back to it.
    var relatedEntities: Set<Int> {
        var result: Set<Int> = []
        forEachPart { part in
            switch part {
            case .operand(let operand):
                for hop in operand.hops ?? [] { result.insert(hop.destinationIndex) }
                if case .count(_, let relationship) = operand.source { result.insert(relationship.destinationIndex) }
            case .quantifier(let owner, _, let relationship):
                for hop in owner { result.insert(hop.destinationIndex) }
                result.insert(relationship.destinationIndex)
            }
        }
        return result
    }
}
