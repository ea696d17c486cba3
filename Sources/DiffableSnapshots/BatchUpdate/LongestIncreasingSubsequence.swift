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
    // tails[l] is the index of the smallest value ending an increasing run of length l + 1.
    var tails: [Int32] = []
    var predecessors = [Int32](repeating: -1, count: count)
    values.withUnsafeBufferPointer { values in
        for index in 0..<count {
            let value = values[index]
            if let last = tails.last, values[Int(last)] < value {
                predecessors[index] = last
                tails.append(Int32(truncatingIfNeeded: index))
                continue
            }
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[Int(tails[middle])] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { predecessors[index] = tails[low - 1] }
            if low == tails.count {
                tails.append(Int32(truncatingIfNeeded: index))
            } else {
                tails[low] = Int32(truncatingIfNeeded: index)
            }
        }
    }
    var members = [Bool](repeating: false, count: count)
    var cursor = tails.last ?? -1
    while cursor >= 0 {
        members[Int(cursor)] = true
        cursor = predecessors[Int(cursor)]
    }
    return members
}

@inlinable
func isStrictlyIncreasing(_ values: [Int32]) -> Bool {
    values.withUnsafeBufferPointer { values in
        guard values.count > 1 else { return true }
        for index in 1..<values.count where values[index - 1] >= values[index] {
            return false
        }
        return true
    }
}
