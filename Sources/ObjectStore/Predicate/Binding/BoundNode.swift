/// A predicate compiled for an entity: keys resolved to columns and joins, constants converted
/// to stored form, patterns compiled. Both the SQL text and the in-memory evaluation are read
/// from this one tree.
indirect enum BoundNode: Sendable {
    case constant(Bool)
    case not(BoundNode)
    /// True when every child is (true when empty), false when one is, else unknown.
    case and([BoundNode])
    /// True when one child is, false when every child is (false when empty), else unknown.
    case or([BoundNode])
    /// `lhs op rhs` under a collation (BINARY, or by value for decimals); unknown when either
    /// side is NULL.
    case compare(BoundOperand, BoundComparison, BoundOperand, SortCollation)
    /// `IS NULL` / `IS NOT NULL` (never unknown).
    case isNull(BoundOperand, negated: Bool)
    /// `lhs IN (elements)` under the list's collation, with SQL's rules for NULL.
    case inList(BoundOperand, MembershipList)
    /// A string operator; `matcher` is compiled when the pattern is a constant.
    case text(TextOperator, BoundOperand, BoundOperand, ComparisonOptions, TextMatcher?)
    /// `ANY`/`ALL`/`NONE` over the members of a to-many relationship.
    case quantified(BoundQuantifier)

    /// What a traversal meets: an operand, or a quantifier.
    enum Part {
        case operand(BoundOperand)
        case quantifier(BoundQuantifier)
    }

    /// Calls `visit` for every operand (each operand arithmetic combines, rather than their
    /// combination) and quantifier of the tree, depth first (recursing only as deep as the tree
    /// nests, which the binder limits). A subquery's predicate is not visited: it reads the
    /// members, not the evaluated object.
    func forEachPart(_ visit: (Part) -> Void) {
        switch self {
        case .constant:
            break
        case .not(let operand):
            operand.forEachPart(visit)
        case .and(let children), .or(let children):
            for child in children { child.forEachPart(visit) }
        case .compare(let left, _, let right, _), .text(_, let left, let right, _, _):
            left.forEachLeaf { visit(.operand($0)) }
            right.forEachLeaf { visit(.operand($0)) }
        case .isNull(let operand, _):
            operand.forEachLeaf { visit(.operand($0)) }
        case .inList(let operand, let list):
            operand.forEachLeaf { visit(.operand($0)) }
            for element in list.elements { element.forEachLeaf { visit(.operand($0)) } }
        case .quantified(let quantifier):
            visit(.quantifier(quantifier))
            quantifier.inner.forEachPart(visit)
        }
    }

    /// How deeply `NOT`, `AND`, `OR` and quantifiers nest below this node (0 for a leaf).
    var nesting: Int {
        switch self {
        case .constant, .compare, .isNull, .inList, .text: 0
        case .not(let operand): 1 + operand.nesting
        case .and(let children), .or(let children): 1 + (children.map(\.nesting).max() ?? 0)
        case .quantified(let quantifier): 1 + quantifier.inner.nesting
        }
    }

    /// Calls `body` for every operand and quantifier owner that reads an object, with whether
    /// it starts at a quantifier's member and its to-one hops.
    func forEachPath(_ body: (_ readsMember: Bool, _ hops: [RelationshipDescription]) -> Void) {
        forEachPart { part in
            switch part {
            case .operand(let operand): if let hops = operand.hops { body(operand.readsMember, hops) }
            case .quantifier(let quantifier): body(false, quantifier.owner)
            }
        }
    }

    /// The tree with every operand replaced by `transform`'s result. Compiled string matchers
    /// and the index of `IN` lists' constants are kept, so `transform` must return constants
    /// unchanged.
    func mapOperands<Failure: Error>(_ transform: (BoundOperand) throws(Failure) -> BoundOperand) throws(Failure) -> BoundNode {
        switch self {
        case .constant:
            return self
        case .not(let operand):
            return .not(try operand.mapOperands(transform))
        case .and(let children):
            var mapped: [BoundNode] = []
            for child in children { mapped.append(try child.mapOperands(transform)) }
            return .and(mapped)
        case .or(let children):
            var mapped: [BoundNode] = []
            for child in children { mapped.append(try child.mapOperands(transform)) }
            return .or(mapped)
        case .compare(let left, let comparison, let right, let collation):
            return .compare(try transform(left), comparison, try transform(right), collation)
        case .isNull(let operand, let negated):
            return .isNull(try transform(operand), negated: negated)
        case .inList(let operand, let list):
            var mapped: [BoundOperand] = []
            mapped.reserveCapacity(list.elements.count)
            for element in list.elements { mapped.append(try transform(element)) }
            return .inList(try transform(operand), list.replacingElements(mapped))
        case .text(let textOperator, let left, let right, let options, let matcher):
            return .text(textOperator, try transform(left), try transform(right), options, matcher)
        case .quantified(let quantifier):
            return .quantified(quantifier.replacingInner(try quantifier.inner.mapOperands(transform)))
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
                result.formUnion(operand.relatedEntities)
            case .quantifier(let quantifier):
                for hop in quantifier.owner { result.insert(hop.destinationIndex) }
                result.insert(quantifier.relationship.destinationIndex)
            }
        }
        return result
    }
}
