import GRDB

/// One side of a compiled comparison: where its value comes from, read the same way in SQL and
/// in memory.
struct BoundOperand: Sendable {
    enum Source: Sendable {
        /// A column of the object reached through `hops` (to-one relationships).
        case column(hops: [RelationshipDescription], column: Int, name: String)
        /// The primary key of the object reached through `hops` (`SELF`).
        case objectKey(hops: [RelationshipDescription])
        /// A constant, already in stored form (and folded when `folding` is set).
        case constant(DatabaseValue)
        /// The number of members of a to-many relationship of the object reached through `hops`.
        case count(hops: [RelationshipDescription], relationship: RelationshipDescription)
        /// A collection operator over the members of a to-many relationship of the object
        /// reached through `hops`.
        case aggregate(hops: [RelationshipDescription], BoundAggregate)
        /// The number of members of `relationship` of the object reached through `hops` that
        /// satisfy `inner`, compiled for the members' entity (`SUBQUERY(…).@count`).
        case subqueryCount(hops: [RelationshipDescription], relationship: RelationshipDescription, inner: BoundNode)
        /// Arithmetic on two numbers (or a date and seconds), computed in floating point.
        indirect case arithmetic(ArithmeticOperator, BoundOperand, BoundOperand)
        /// A built-in function of its arguments (``PredicateFunction/apply(_:)``).
        indirect case function(PredicateFunction, [BoundOperand])
    }

    var source: Source
    /// Whether `hops` start at the member of the enclosing `ANY`/`ALL`/`NONE` rather than at the
    /// evaluated object.
    var readsMember = false
    /// `[c]`/`[d]` folding applied to text values read from the store (`ds_fold`).
    var folding: ComparisonOptions = []

    /// The to-one hops the operand walks, if it reads an object.
    var hops: [RelationshipDescription]? {
        switch source {
        case .column(let hops, _, _), .objectKey(let hops), .count(let hops, _), .aggregate(let hops, _), .subqueryCount(let hops, _, _): hops
        case .constant, .arithmetic, .function: nil
        }
    }

    /// Calls `body` for the operand, or for each operand arithmetic or a function combines.
    func forEachLeaf(_ body: (BoundOperand) -> Void) {
        switch source {
        case .arithmetic(_, let left, let right):
            left.forEachLeaf(body)
            right.forEachLeaf(body)
        case .function(_, let arguments):
            for argument in arguments { argument.forEachLeaf(body) }
        default:
            body(self)
        }
    }

    /// The indexes of the entities the operand reads through relationships: to-one
    /// destinations, and the members (and what they reach) of a count, a collection operator or
    /// a subquery.
    var relatedEntities: Set<Int> {
        var result: Set<Int> = []
        forEachLeaf { leaf in
            for hop in leaf.hops ?? [] { result.insert(hop.destinationIndex) }
            switch leaf.source {
            case .count(_, let relationship):
                result.insert(relationship.destinationIndex)
            case .aggregate(_, let aggregate):
                result.insert(aggregate.relationship.destinationIndex)
                for hop in aggregate.memberHops { result.insert(hop.destinationIndex) }
                if let filter = aggregate.filter { result.formUnion(filter.relatedEntities) }
            case .subqueryCount(_, let relationship, let inner):
                result.insert(relationship.destinationIndex)
                result.formUnion(inner.relatedEntities)
            case .column, .objectKey, .constant, .arithmetic, .function:
                break
            }
        }
        return result
    }
}

/// A comparison of two values.
enum BoundComparison: Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual

    var sqlOperator: String {
        switch self {
        case .equal: "="
        case .notEqual: "<>"
        case .less: "<"
        case .lessOrEqual: "<="
        case .greater: ">"
        case .greaterOrEqual: ">="
        }
    }

    /// Whether a three-way comparison result satisfies the operator.
    func holds(_ order: Int) -> Bool {
        switch self {
        case .equal: order == 0
        case .notEqual: order != 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        }
    }
}
