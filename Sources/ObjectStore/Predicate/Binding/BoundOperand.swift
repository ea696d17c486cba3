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
        case .column(let hops, _, _), .objectKey(let hops), .count(let hops, _): hops
        case .constant: nil
        }
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
