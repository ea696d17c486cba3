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
///
/// A value greater than every value before it and less than every value after it lies in every
/// longest increasing subsequence (any increasing subsequence without it can take it). Such
/// values split the rest into segments, each solved on its own among the values between its two
/// neighbours: a long list with a few elements moved costs two linear passes and the patience
/// sorting of the moved stretches only.
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

    let alignment = MemoryLayout<Int32>.alignment
    let block = allocateRecycledMemory(byteCount: 2 &* count &* MemoryLayout<Int32>.stride, alignment: alignment)
    defer { deallocateRecycledMemory(block.memory, byteCount: block.byteCount, alignment: alignment) }
    let memory = block.memory.bindMemory(to: Int32.self, capacity: 2 &* count)
    let tails = UnsafeMutableBufferPointer(start: memory, count: count)
    let predecessors = UnsafeMutableBufferPointer(start: memory + count, count: count)
    // floors[i]: the least present value after index i. It shares its memory with the
    // predecessors: a segment writes those of indices before the one the pass has reached, and
    // the pass reads the floors from there on.
    let floors = predecessors
    // Absent values are negative, so as unsigned numbers they exceed every present one and
    // take no part in a minimum: both passes run without a branch per value.
    var least = UInt32.max
    var index = count
    while index > 0 {
        index &-= 1
        floors[index] = Int32(bitPattern: least)
        least = min(least, UInt32(bitPattern: values[index]))
    }
    var ceiling: Int32 = -1
    var segmentStart = 0
    var lower: Int32 = -1
    // Whether the segment since the last certain value holds a present value.
    var pending = false
    for index in 0..<count {
        let value = values[index]
        let certain = ceiling < value && UInt32(bitPattern: value) < UInt32(bitPattern: floors[index])
        if certain && pending {
            forEachOutsideLongestIncreasingSubsequence(
                values, segmentStart..<index, between: lower, and: value, tails: tails, predecessors: predecessors, body)
        }
        segmentStart = certain ? index &+ 1 : segmentStart
        lower = certain ? value : lower
        pending = !certain && (pending || value >= 0)
        ceiling = max(ceiling, value)
    }
    if pending {
        forEachOutsideLongestIncreasingSubsequence(
            values, segmentStart..<count, between: lower, and: .max, tails: tails, predecessors: predecessors, body)
    }
}

/// Calls `body` with the index in `range` of every present value that lies outside one longest
/// increasing subsequence of the values strictly between `lower` and `upper`, the others
/// included. Patience sorting; `tails` and `predecessors` are working memory as long as
/// `values`.
@inlinable
func forEachOutsideLongestIncreasingSubsequence(
    _ values: UnsafeBufferPointer<Int32>, _ range: Range<Int>, between lower: Int32, and upper: Int32,
    tails: UnsafeMutableBufferPointer<Int32>, predecessors: UnsafeMutableBufferPointer<Int32>, _ body: (Int) -> Void
) {
    let member: Int32 = -2
    // tails[l]: the index of the smallest value ending an increasing run of length l + 1. Only
    // the predecessors of values in range are written and read, so neither buffer is cleared.
    var length = 0
    // The last tail's value and index, kept at hand: most values extend the longest run.
    var top = Int32.min
    var topIndex: Int32 = -1
    for index in range {
        let value = values[index]
        guard value > lower, value < upper else { continue }
        if value > top {
            predecessors[index] = topIndex
            topIndex = Int32(truncatingIfNeeded: index)
            tails[length] = topIndex
            length &+= 1
            top = value
            continue
        }
        var low = 0
        var high = length &- 1
        while low < high {
            let middle = (low &+ high) >> 1
            if values[Int(tails[middle])] < value { low = middle &+ 1 } else { high = middle }
        }
        predecessors[index] = low > 0 ? tails[low &- 1] : -1
        tails[low] = Int32(truncatingIfNeeded: index)
        if low == length &- 1 {
            top = value
            topIndex = Int32(truncatingIfNeeded: index)
        }
    }
    var cursor = Int(topIndex)
    while cursor >= 0 {
        let next = Int(predecessors[cursor])
        predecessors[cursor] = member
        cursor = next
    }
    for index in range {
        let value = values[index]
        guard value >= 0 else { continue }
        if value <= lower || value >= upper || predecessors[index] != member { body(index) }
    }
}
