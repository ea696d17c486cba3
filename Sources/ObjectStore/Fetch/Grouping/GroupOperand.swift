import GRDB

/// One side of a ``GroupCondition`` comparison: an output column, a constant, or arithmetic on
/// numbers computed in floating point (as predicates compute it: SQL's `CAST(… AS REAL)`, nil
/// for a division by zero or a result that is not a number).
indirect enum GroupOperand: Sendable {
    /// The output column at this index.
    case column(Int)
    case constant(DatabaseValue)
    case arithmetic(ArithmeticOperator, GroupOperand, GroupOperand)

    init(_ term: PredicateTerm, columns: [GroupedQuery.Column], entity: EntityDescription, inArithmetic: Bool = false) throws(FetchPredicateError) {
        switch term {
        case .key(let key):
            let name = key.names(on: entity)?.joined(separator: ".") ?? key.description
            guard let index = columns.firstIndex(where: { $0.name == name }) else {
                throw .unknownKey(entity: entity.name, key: name)
            }
            if inArithmetic, ![.integer, .double, .boolean].contains(columns[index].decoding.sortType) {
                throw .typeMismatch(entity: entity.name, key: name, reason: "is not a number; havingPredicate computes arithmetic on numbers only")
            }
            self = .column(index)
        case .value(let value):
            let constant = try GroupCondition.constant(value, key: "\(term)", entity: entity)
            if inArithmetic {
                switch constant.storage {
                case .int64, .double: break
                default: throw .typeMismatch(entity: entity.name, key: "\(term)", reason: "is not a number; havingPredicate computes arithmetic on numbers only")
                }
            }
            self = .constant(constant)
        case .arithmetic(let op, let lhs, let rhs):
            self = .arithmetic(op, try GroupOperand(lhs, columns: columns, entity: entity, inArithmetic: true), try GroupOperand(rhs, columns: columns, entity: entity, inArithmetic: true))
        case .variable, .list, .evaluatedObject, .subquery, .function:
            throw .typeMismatch(entity: entity.name, key: "\(term)", reason: "havingPredicate compares names of propertiesToFetch, constants and arithmetic on them (`total / n > 2.5`), without functions")
        }
    }

    var isConstant: Bool {
        if case .constant = self { true } else { false }
    }

    var hasArithmetic: Bool {
        if case .arithmetic = self { true } else { false }
    }

    /// The operand in SQL (SQLite's: arithmetic in REAL).
    func sql(_ columns: [String], arguments: inout [DatabaseValue]) -> String {
        switch self {
        case .column(let index): return columns[index]
        case .constant(let value):
            arguments.append(value)
            return "?"
        case .arithmetic(let op, let lhs, let rhs):
            let left = lhs.sql(columns, arguments: &arguments)
            return "(CAST(\(left) AS REAL) \(op.rawValue) \(rhs.sql(columns, arguments: &arguments)))"
        }
    }

    /// The operand's value in the output `row`.
    func value(_ row: ContiguousArray<DatabaseValue>) -> DatabaseValue {
        switch self {
        case .column(let index): return row[index]
        case .constant(let value): return value
        case .arithmetic(let op, let lhs, let rhs):
            guard let left = Self.number(lhs.value(row)), let right = Self.number(rhs.value(row)),
                  let result = op.apply(left, right) else { return .null }
            return result.databaseValue
        }
    }

    private static func number(_ value: DatabaseValue) -> Double? {
        switch value.storage {
        case .int64(let integer): Double(integer)
        case .double(let double): double
        default: nil
        }
    }
}
