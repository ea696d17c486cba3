/// Marks the members of one longest strictly increasing subsequence of `values`.
///
/// Returns an array parallel to `values` whose `true` entries form the subsequence. Elements
/// outside it are the fewest that must move for the rest to stay in order.
///
/// Patience sorting: O(*k* log *k*) in general, O(*k*) when the values are already increasing
/// and O(1) per element that extends the current longest run, which is the common case of a
/// few elements moved in a long list.
@inlinable
func longestIncreasingSubsequence(_ values: [Int32]) -> [Bool] {
    let count = values.count
    if isStrictlyIncreasing(values) {
        return [Bool](repeating: true, count: count)
    }
    var members = [Bool](repeating: false, count: count)
    // tails[l] is the index of the smallest value ending an increasing run of length l + 1.
    var tails = [Int32](repeating: 0, count: count)
    var predecessors = [Int32](repeating: -1, count: count)
    values.withUnsafeBufferPointer { values in
    tails.withUnsafeMutableBufferPointer { tails in
    predecessors.withUnsafeMutableBufferPointer { predecessors in
        var length = 0
        for index in 0..<count {
            let value = values[index]
            var low: Int
            if length > 0, values[Int(tails[length &- 1])] < value {
                low = length
            } else {
                low = 0
                var high = length
                while low < high {
                    let middle = (low &+ high) >> 1
                    if values[Int(tails[middle])] < value { low = middle &+ 1 } else { high = middle }
                }
            }
            if low > 0 { predecessors[index] = tails[low &- 1] }
            tails[low] = Int32(truncatingIfNeeded: index)
            if low == length { length &+= 1 }
        }
        members.withUnsafeMutableBufferPointer { members in
            var cursor = length > 0 ? Int(tails[length &- 1]) : -1
            while cursor >= 0 {
                members[cursor] = true
                cursor = Int(predecessors[cursor])
            }
        }
    }}}
    return members
}

@inlinable
func isStrictlyIncreasing(_ values: [Int32]) -> Bool {
    values.withUnsafeBufferPointer { values in
        guard values.count > 1 else { return true }
        for index in 1..<values.count where values[index &- 1] >= values[index] {
            return false
        }
        return true
    }
}
