/// The exact sum of 64-bit integers that values join and leave in any order, in 128 bits: a
/// total that passes the range of `Int64` on the way and comes back is exact, and ``value``
/// says whether the total itself fits.
package struct IntegerSum: Sendable {
    private var high: Int64 = 0
    private var low: UInt64 = 0

    package init() {}

    /// Adds `value`.
    package mutating func add(_ value: Int64) {
        let (sum, carried) = low.addingReportingOverflow(UInt64(bitPattern: value))
        low = sum
        high = high &+ (value < 0 ? -1 : 0) &+ (carried ? 1 : 0)
    }

    /// Takes out `value`, added before.
    package mutating func remove(_ value: Int64) {
        let (difference, borrowed) = low.subtractingReportingOverflow(UInt64(bitPattern: value))
        low = difference
        high = high &- (value < 0 ? -1 : 0) &- (borrowed ? 1 : 0)
    }

    /// The total, or nil when it does not fit in an `Int64`.
    package var value: Int64? {
        let total = Int64(bitPattern: low)
        return high == (total < 0 ? -1 : 0) ? total : nil
    }
}
