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

    /// Calls `body` for every operand and quantifier owner, with its scope and hops.
    func forEachPath(_ body: (_ scope: Int, _ hops: [RelationshipDescription]) -> Void) {
        switch self {
        case .constant:
            break
        case .not(let operand):
            operand.forEachPath(body)
        case .and(let left, let right), .or(let left, let right):
            left.forEachPath(body)
            right.forEachPath(body)
        case .compare(let left, _, let right, _), .text(_, let left, let right, _, _):
            for operand in [left, right] { if let hops = operand.hops { body(operand.scope, hops) } }
        case .isNull(let operand, _):
            if let hops = operand.hops { body(operand.scope, hops) }
        case .inList(let operand, let elements, _):
            for element in [operand] + elements { if let hops = element.hops { body(element.scope, hops) } }
        case .quantified(_, let owner, let ownerScope, _, let inner):
            body(ownerScope, owner)
            inner.forEachPath(body)
        }
    }

    /// The indexes of the entities the predicate reads besides the root (to-one destinations,
    /// to-many members and counted members).
    var relatedEntities: Set<Int> {
        var result: Set<Int> = []
        forEachPath { _, hops in for hop in hops { result.insert(hop.destinationIndex) } }
        forEachRelationship { result.insert($0.destinationIndex) }
        return result
    }

    private func forEachRelationship(_ body: (RelationshipDescription) -> Void) {
        switch self {
        case .not(let operand):
            operand.forEachRelationship(body)
        case .and(let left, let right), .or(let left, let right):
            left.forEachRelationship(body)
            right.forEachRelationship(body)
        case .compare(let left, _, let right, _), .text(_, let left, let right, _, _):
            for operand in [left, right] { if case .count(_, let relationship) = operand.source { body(relationship) } }
        case .inList(let operand, let elements, _):
            for element in [operand] + elements { if case .count(_, let relationship) = element.source { body(relationship) } }
        case .quantified(_, _, _, let relationship, let inner):
            body(relationship)
            inner.forEachRelationship(body)
        case .constant, .isNull:
            break
        }
    }
}
