/// A function that folds the values of a key over the objects of a group (the functions of
/// Core Data's `NSExpression(forFunction:arguments:)` that fetch requests aggregate with).
public enum AggregateFunction: String, Sendable, Hashable, CaseIterable {
    /// `count:`: the number of objects whose key is not nil.
    case count
    /// `sum:`: the sum of the non-nil values; integers (and booleans) sum as integers, doubles as
    /// doubles; nil when every value is nil.
    case sum
    /// `min:`: the least non-nil value, in the store's order; nil when every value is nil.
    case min
    /// `max:`: the greatest non-nil value, in the store's order; nil when every value is nil.
    case max
    /// `average:`: the mean of the non-nil values as a `Double`; nil when every value is nil.
    case average

    /// The SQL aggregate function.
    var sqlName: String {
        switch self {
        case .count: "count"
        case .sum: "sum"
        case .min: "min"
        case .max: "max"
        case .average: "avg"
        }
    }

    /// Whether the function reads numbers only.
    var isNumeric: Bool { self == .sum || self == .average }
}
