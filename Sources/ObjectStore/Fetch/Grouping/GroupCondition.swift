import Foundation
import GRDB

/// A ``FetchRequest/havingPredicate`` compiled against the columns of a grouped query: the
/// same condition as SQL (`HAVING …`) and over rows in memory, with SQL's three-valued logic.
indirect enum GroupCondition: Sendable {
    case constant(Bool)
    case not(GroupCondition)
    case and([GroupCondition])
    case or([GroupCondition])
    /// Two values of a group compared (`IS NULL` and `IS NOT NULL` against a nil constant on
    /// the right).
    case comparison(GroupOperand, BoundComparison, GroupOperand)

    /// Compiles `node` over `columns` (the output columns, in order); `entity` resolves key
    /// paths.
    ///
    /// - Throws: ``FetchPredicateError/unknownKey(entity:key:)`` for a name that is no output
    ///   column, ``FetchPredicateError/typeMismatch(entity:key:reason:)`` for a form other than a
    ///   comparison of names, constants and arithmetic on numbers.
    init(_ node: PredicateNode, columns: [GroupedQuery.Column], entity: EntityDescription) throws(FetchPredicateError) {
        switch node {
        case .constant(let value): self = .constant(value)
        case .not(let inner): self = .not(try GroupCondition(inner, columns: columns, entity: entity))
        case .and(let nodes): self = .and(try nodes.map { (node) throws(FetchPredicateError) in try GroupCondition(node, columns: columns, entity: entity) })
        case .or(let nodes): self = .or(try nodes.map { (node) throws(FetchPredicateError) in try GroupCondition(node, columns: columns, entity: entity) })
        case .comparison(let comparison): self = try Self.comparison(comparison, columns: columns, entity: entity)
        }
    }

    private static func comparison(_ comparison: PredicateComparison, columns: [GroupedQuery.Column], entity: EntityDescription) throws(FetchPredicateError) -> GroupCondition {
        let text = "\(comparison.lhs) \(comparison.op)"
        guard comparison.quantifier == nil, comparison.options.isEmpty, let op = BoundComparison(comparison.op) else {
            throw .typeMismatch(entity: entity.name, key: text, reason: "havingPredicate compares computed columns, grouped keys, constants and arithmetic on numbers using ==, !=, <, <=, > or >=, combined with AND, OR and NOT; filter objects with predicate instead")
        }
        let lhs = try GroupOperand(comparison.lhs, columns: columns, entity: entity)
        let rhs = try GroupOperand(comparison.rhs, columns: columns, entity: entity)
        if case .constant = lhs, !rhs.isConstant { return .comparison(rhs, op.mirrored, lhs) }
        return .comparison(lhs, op, rhs)
    }

    /// Whether the condition computes arithmetic (which PostgreSQL's SQL does not give as
    /// Swift does: it fails on a division by zero).
    var hasArithmetic: Bool {
        switch self {
        case .constant: false
        case .not(let inner): inner.hasArithmetic
        case .and(let parts), .or(let parts): parts.contains(where: \.hasArithmetic)
        case .comparison(let lhs, _, let rhs): lhs.hasArithmetic || rhs.hasArithmetic
        }
    }

    /// The condition in SQL, each column written as `columns` gives it.
    func sql(_ columns: [String], arguments: inout [DatabaseValue]) -> String {
        switch self {
        case .constant(let value): return value ? "1 = 1" : "1 = 0"
        case .not(let inner): return "NOT (\(inner.sql(columns, arguments: &arguments)))"
        case .and(let parts): return parts.isEmpty ? "1 = 1" : parts.map { "(\($0.sql(columns, arguments: &arguments)))" }.joined(separator: " AND ")
        case .or(let parts): return parts.isEmpty ? "1 = 0" : parts.map { "(\($0.sql(columns, arguments: &arguments)))" }.joined(separator: " OR ")
        case .comparison(let lhs, let op, .constant(let value)) where value.isNull:
            return lhs.sql(columns, arguments: &arguments) + (op == .notEqual ? " IS NOT NULL" : (op == .equal ? " IS NULL" : " < NULL"))
        case .comparison(let lhs, let op, let rhs):
            let left = lhs.sql(columns, arguments: &arguments)
            return "\(left) \(op.sqlOperator) \(rhs.sql(columns, arguments: &arguments))"
        }
    }

    /// Whether a row satisfies the condition: true, false, or nil when unknown (a comparison
    /// with NULL), as SQL decides.
    func evaluate(_ row: ContiguousArray<DatabaseValue>) -> Bool? {
        switch self {
        case .constant(let value): return value
        case .not(let inner): return inner.evaluate(row).map { !$0 }
        case .and(let parts):
            var result: Bool? = true
            for part in parts {
                switch part.evaluate(row) {
                case false?: return false
                case nil: result = nil
                case true?: break
                }
            }
            return result
        case .or(let parts):
            var result: Bool? = false
            for part in parts {
                switch part.evaluate(row) {
                case true?: return true
                case nil: result = nil
                case false?: break
                }
            }
            return result
        case .comparison(let lhs, let op, .constant(let value)) where value.isNull:
            let current = lhs.value(row)
            switch op {
            case .equal: return current.isNull
            case .notEqual: return !current.isNull
            default: return nil
            }
        case .comparison(let lhs, let op, let rhs):
            let left = lhs.value(row)
            let right = rhs.value(row)
            if left.isNull || right.isNull { return nil }
            return op.holds(StoredValueOrder.compare(left, right))
        }
    }
}

extension GroupCondition {
    /// A constant in the stored form the SQL compares.
    static func constant(_ value: PredicateValue, key: String, entity: EntityDescription) throws(FetchPredicateError) -> DatabaseValue {
        switch value {
        case .null: return .null
        case .bool(let bool): return (bool ? Int64(1) : 0).databaseValue
        case .integer(let integer): return integer.databaseValue
        case .double(let double): return double.isNaN ? .null : double.databaseValue
        case .string(let string): return string.databaseValue
        case .date(let date): return date.timeIntervalSinceReferenceDate.databaseValue
        case .objectID(let id): return id.key.databaseValue
        case .uuid, .data, .decimal, .collection:
            throw .typeMismatch(entity: entity.name, key: key, reason: "havingPredicate compares with numbers, strings, booleans, dates, objects and nil; \(value) is none of them")
        }
    }
}

extension BoundComparison {
    /// The comparison an operator makes, or nil for the operators that are not comparisons.
    fileprivate init?(_ op: PredicateOperator) {
        switch op {
        case .equal: self = .equal
        case .notEqual: self = .notEqual
        case .less: self = .less
        case .lessOrEqual: self = .lessOrEqual
        case .greater: self = .greater
        case .greaterOrEqual: self = .greaterOrEqual
        default: return nil
        }
    }

    /// The comparison with its sides swapped (`5 < n` is `n > 5`).
    fileprivate var mirrored: BoundComparison {
        switch self {
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        case .equal, .notEqual: self
        }
    }
}
