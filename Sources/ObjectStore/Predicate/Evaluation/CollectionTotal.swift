/// The `@sum` and `@avg` of numbers, computed the same way by the store's SQL functions
/// (`ds_sum`, `ds_avg`) and in memory, so both agree to the last bit whatever order the members
/// are read in: the values are added from the smallest magnitude up (negative before positive
/// at equal magnitude), in floating point.
enum CollectionTotal {
    /// The sum: 0 for no values, nil when it is not a number (`∞ + -∞`).
    static func sum(_ values: [Double]) -> Double? {
        let total = ordered(values).reduce(0, +)
        return total.isNaN ? nil : total
    }

    /// The mean: nil for no values, or when it is not a number.
    static func average(_ values: [Double]) -> Double? {
        guard !values.isEmpty, let total = sum(values) else { return nil }
        let mean = total / Double(values.count)
        return mean.isNaN ? nil : mean
    }

    /// The result of `collectionOperator` (`@sum` or `@avg`) on `values`.
    static func total(_ collectionOperator: CollectionOperator, _ values: [Double]) -> Double? {
        collectionOperator == .average ? average(values) : sum(values)
    }

    /// `values` in one order that depends on the values only.
    private static func ordered(_ values: [Double]) -> [Double] {
        values.sorted { lhs, rhs in
            let left = lhs.magnitude, right = rhs.magnitude
            return left != right ? left < right : lhs.sign == .minus && rhs.sign == .plus
        }
    }
}
