package import GRDB

/// One computed column of a grouped query: the function, which input of a row it reads, and
/// whether that input is an integer (it sums as an integer then).
package struct AggregateColumn: Sendable {
    package var function: AggregateFunction
    /// The index of the argument in a row's inputs (``GroupedQuery/inputs``).
    package var input: Int
    package var isInteger: Bool
}

/// The running value of one ``AggregateColumn`` over the rows of a group, which rows join and
/// leave: count, sums, and for `min` and `max` the values held.
///
/// Integer sums wrap on overflow, so that taking a row back out restores the sum exactly;
/// double sums are added and subtracted as they come, so after removals they may differ from a
/// fresh sum in the last bits.
package struct AggregateState: Sendable {
    private var count = 0
    private var integerSum: Int64 = 0
    private var doubleSum = 0.0
    private var ordered: CountedValues?

    package init(_ column: AggregateColumn) {
        if column.function == .min || column.function == .max { ordered = CountedValues() }
    }

    /// Adds (`sign` 1) or removes (`sign` -1) one row's `value`; nil values are skipped.
    package mutating func apply(_ value: DatabaseValue, sign: Int) {
        switch value.storage {
        case .null:
            return
        case .int64(let integer):
            integerSum = sign > 0 ? integerSum &+ integer : integerSum &- integer
            doubleSum += Double(sign) * Double(integer)
        case .double(let double):
            doubleSum += Double(sign) * double
        case .string, .blob:
            break
        }
        count += sign
        if count == 0 {
            integerSum = 0
            doubleSum = 0
        }
        if sign > 0 { ordered?.insert(value) } else { ordered?.remove(value) }
    }

    /// The column's value, as the store's SQL gives it.
    package func value(_ column: AggregateColumn) -> DatabaseValue {
        switch column.function {
        case .count: return Int64(count).databaseValue
        case .sum:
            guard count > 0 else { return .null }
            return column.isInteger ? integerSum.databaseValue : doubleSum.databaseValue
        case .average:
            guard count > 0 else { return .null }
            return ((column.isInteger ? Double(integerSum) : doubleSum) / Double(count)).databaseValue
        case .min: return ordered?.least ?? .null
        case .max: return ordered?.greatest ?? .null
        }
    }
}
