/// Calls `body` with the index of every element of `values` that lies outside one increasing
/// subsequence of the greatest total weight. Negative values stand for absent elements: they
/// are skipped. Present values are distinct.
///
/// With every weight 1 this is a longest increasing subsequence. The diff weighs a run of items
/// shared by both snapshots by its length: such a run covers consecutive old offsets that no
/// other value falls between, so a heaviest subsequence takes it whole or not at all, and the
/// items outside it are the fewest that must move.
///
/// O(*k* log *k*) for *k* present values: a Fenwick tree of prefix maxima over the values'
/// ranks.
@inlinable
func forEachOutsideHeaviestIncreasingSubsequence(_ values: UnsafeBufferPointer<Int32>, weights: UnsafeBufferPointer<Int32>, _ body: (Int) -> Void) {
    let present = values.indices.filter { values[$0] >= 0 }
    guard !present.isEmpty else { return }
    // Rank of each present value among the present values, from 1.
    var rank = [Int32](repeating: 0, count: values.count)
    for (order, index) in present.sorted(by: { values[$0] < values[$1] }).enumerated() {
        rank[index] = Int32(truncatingIfNeeded: order &+ 1)
    }
    // best[r]: the heaviest chain total ending at a value of rank in r's Fenwick range, and where.
    var bestWeight = [Int](repeating: 0, count: present.count &+ 1)
    var bestEnd = [Int32](repeating: -1, count: present.count &+ 1)
    var predecessor = [Int32](repeating: -1, count: values.count)
    var total = [Int](repeating: 0, count: values.count)
    var heaviest = -1
    for index in present {
        var weight = 0
        var end: Int32 = -1
        var position = Int(rank[index]) &- 1
        while position > 0 {
            if bestWeight[position] > weight {
                weight = bestWeight[position]
                end = bestEnd[position]
            }
            position &-= position & -position
        }
        predecessor[index] = end
        total[index] = weight &+ Int(weights[index])
        position = Int(rank[index])
        while position <= present.count {
            if total[index] > bestWeight[position] {
                bestWeight[position] = total[index]
                bestEnd[position] = Int32(truncatingIfNeeded: index)
            }
            position &+= position & -position
        }
        if heaviest < 0 || total[index] > total[heaviest] { heaviest = index }
    }
    var inChain = [Bool](repeating: false, count: values.count)
    var cursor = heaviest
    while cursor >= 0 {
        inChain[cursor] = true
        cursor = Int(predecessor[cursor])
    }
    for index in present where !inChain[index] { body(index) }
}
