/// Calls `body` with the index of every element of `values` that lies outside one longest
/// strictly increasing subsequence. Negative values stand for absent elements: they are skipped.
///
/// The elements outside the subsequence are the fewest that must move for the rest to keep
/// their order.
///
/// Patience sorting: O(*k* log *k*) in general, O(*k*) when the present values already
/// increase, and O(1) per element that extends the current longest run, the common case of a
/// few elements moved in a long list.
///
/// Package-wide: a controller that knows which items a step touched picks its moves with it too.
@inlinable
package func forEachOutsideLongestIncreasingSubsequence(_ values: [Int32], _ body: (Int) -> Void) {
    values.withUnsafeBufferPointer { forEachOutsideLongestIncreasingSubsequence($0, body) }
}

/// The same over a buffer of values.
@inlinable
func forEachOutsideLongestIncreasingSubsequence(_ values: UnsafeBufferPointer<Int32>, _ body: (Int) -> Void) {
    let count = values.count
    var inOrder = true
    var last: Int32 = -1
    for value in values where value >= 0 {
        if value < last {
            inOrder = false
            break
        }
        last = value
    }
    if inOrder { return }

    let member: Int32 = -2
    // tails[l]: the index of the smallest value ending an increasing run of length l + 1. Only
    // the predecessors of present values are written and read, so neither buffer is cleared.
    let alignment = MemoryLayout<Int32>.alignment
    let block = allocateRecycledMemory(byteCount: 2 &* count &* MemoryLayout<Int32>.stride, alignment: alignment)
    defer { deallocateRecycledMemory(block.memory, byteCount: block.byteCount, alignment: alignment) }
    let memory = block.memory.bindMemory(to: Int32.self, capacity: 2 &* count)
    let tails = UnsafeMutableBufferPointer(start: memory, count: count)
    let predecessors = UnsafeMutableBufferPointer(start: memory + count, count: count)
    var length = 0
    for index in 0..<count {
        let value = values[index]
        guard value >= 0 else { continue }
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
        predecessors[index] = low > 0 ? tails[low &- 1] : -1
        tails[low] = Int32(truncatingIfNeeded: index)
        if low == length { length &+= 1 }
    }
    var cursor = length > 0 ? Int(tails[length &- 1]) : -1
    while cursor >= 0 {
        let next = Int(predecessors[cursor])
        predecessors[cursor] = member
        cursor = next
    }
    for index in 0..<count where values[index] >= 0 && predecessors[index] != member {
        body(index)
    }
}
