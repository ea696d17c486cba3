/// The `@sum` and `@avg` of numbers, computed the same way by the store's SQL functions
/// (`ds_sum`, `ds_avg`), by grouped fetches folded in memory and by live aggregates: the exact
/// total of the values (``ExactSum``) rounded once, so every path agrees to the last bit
/// whatever order the values come in and whichever values joined and left on the way.
enum CollectionTotal {
    /// The sum: 0 for no values, nil when it is not a number (`∞ + -∞`).
    static func sum(_ values: [Double]) -> Double? {
        total(.sum, of: exactSum(values), count: values.count)
    }

    /// The mean: nil for no values, or when it is not a number.
    static func average(_ values: [Double]) -> Double? {
        total(.average, of: exactSum(values), count: values.count)
    }

    /// The result of `collectionOperator` (`@sum` or `@avg`) on `values`.
    static func total(_ collectionOperator: CollectionOperator, _ values: [Double]) -> Double? {
        total(collectionOperator, of: exactSum(values), count: values.count)
    }

    /// The result of `collectionOperator` (`@sum` or `@avg`) for `count` values whose exact sum
    /// is `sum`.
    static func total(_ collectionOperator: CollectionOperator, of sum: ExactSum, count: Int) -> Double? {
        let total = sum.value
        if collectionOperator != .average { return total.isNaN ? nil : total }
        guard count > 0 else { return nil }
        let mean = total / Double(count)
        return mean.isNaN ? nil : mean
    }

    private static func exactSum(_ values: [Double]) -> ExactSum {
        var sum = ExactSum()
        for value in values { sum.add(value) }
        return sum
    }
}
