package import GRDB

/// A multiset of stored values kept in the store's order (``StoredValueOrder``), each distinct
/// value with how many times it is held: the least and greatest values of a group that loses
/// members as well as gains them.
package struct CountedValues: Sendable {
    private var values: [DatabaseValue] = []
    private var counts: [Int] = []

    package init() {}

    /// The least value, or nil when empty.
    package var least: DatabaseValue? { values.first }
    /// The greatest value, or nil when empty.
    package var greatest: DatabaseValue? { values.last }

    /// Adds one `value`. O(log d) to find it, O(d) to insert a new distinct value.
    package mutating func insert(_ value: DatabaseValue) {
        let index = position(of: value)
        if index < values.count && StoredValueOrder.compare(values[index], value) == 0 {
            counts[index] += 1
        } else {
            values.insert(value, at: index)
            counts.insert(1, at: index)
        }
    }

    /// Removes one `value` (nothing when it is not held).
    package mutating func remove(_ value: DatabaseValue) {
        let index = position(of: value)
        guard index < values.count && StoredValueOrder.compare(values[index], value) == 0 else { return }
        counts[index] -= 1
        if counts[index] == 0 {
            values.remove(at: index)
            counts.remove(at: index)
        }
    }

    /// The first index whose value is not less than `value`.
    private func position(of value: DatabaseValue) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if StoredValueOrder.compare(values[middle], value) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
