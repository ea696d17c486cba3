package import GRDB

/// One computed column of a grouped query: the function, which input of a row it reads, and
/// whether that input is an integer (it sums as an integer then).
package struct AggregateColumn: Sendable {
    package var function: AggregateFunction
    /// The index of the argument in a row's inputs (``GroupedQuery/query``'s projections), or
    /// nil for the row itself (`count()`: every object counts).
    package var input: Int?
    package var isInteger: Bool

    /// Whether PostgreSQL's own aggregate gives exactly the value memory computes: counts,
    /// least and greatest values, and integer sums (exact as `numeric`); not double sums nor
    /// averages, which it rounds its own way.
    var isExactInPostgreSQL: Bool {
        switch function {
        case .count, .min, .max: true
        case .sum: isInteger
        case .average: false
        }
    }

    /// The value of a row's `inputs` the function folds: the argument, or for the row itself a
    /// value that is never nil.
    package func argument(of inputs: ContiguousArray<DatabaseValue>) -> DatabaseValue {
        guard let input else { return Int64(1).databaseValue }
        return inputs[input]
    }
}

/// The running value of one ``AggregateColumn`` over the rows of a group, which rows join and
/// leave: count, exact sums, and for `min` and `max` the values held.
///
/// Sums are exact whatever order rows join and leave in: integers in 128 bits (``IntegerSum``),
/// doubles and averages as ``CollectionTotal`` computes them for the store's SQL (``ExactSum``,
/// rounded once), so a group kept up to date equals a fresh sum to the last bit.
package struct AggregateState: Sendable {
    private var count = 0
    /// For integer sums.
    private var integerSum: IntegerSum?
    /// For double sums and averages.
    private var exactSum: ExactSum?
    private var ordered: CountedValues?

    package init(_ column: AggregateColumn) {
        switch column.function {
        case .count: break
        case .sum where column.isInteger: integerSum = IntegerSum()
        case .sum, .average: exactSum = ExactSum()
        case .min, .max: ordered = CountedValues()
        }
    }

    /// Adds (`sign` 1) or removes (`sign` -1) one row's `value`; nil values are skipped.
    package mutating func apply(_ value: DatabaseValue, sign: Int) {
        switch value.storage {
        case .null:
            return
        case .int64(let integer):
            if sign > 0 { integerSum?.add(integer) } else { integerSum?.remove(integer) }
            if sign > 0 { exactSum?.add(Double(integer)) } else { exactSum?.remove(Double(integer)) }
        case .double(let double):
            if sign > 0 { exactSum?.add(double) } else { exactSum?.remove(double) }
        case .string, .blob:
            break
        }
        count += sign
        if sign > 0 { ordered?.insert(value) } else { ordered?.remove(value) }
    }

    /// The column's value, as the store's SQL gives it, or nil when an integer sum passes the
    /// range of `Int64`.
    package func value(_ column: AggregateColumn) -> DatabaseValue? {
        switch column.function {
        case .count: return Int64(count).databaseValue
        case .sum where column.isInteger:
            guard count > 0 else { return .null }
            return (integerSum ?? IntegerSum()).value?.databaseValue
        case .sum, .average:
            guard count > 0 else { return .null }
            let collectionOperator: CollectionOperator = column.function == .sum ? .sum : .average
            return CollectionTotal.total(collectionOperator, of: exactSum ?? ExactSum(), count: count)?.databaseValue ?? .null
        case .min: return ordered?.least ?? .null
        case .max: return ordered?.greatest ?? .null
        }
    }
}
