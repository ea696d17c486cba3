import SeededRandom

/// The churn of one section in the `diff` benchmark's pairs: `changes` random items of `items`
/// deleted, the rest sorted, and `changes` new items (numbered from `nextItem` on) inserted at
/// random places.
func churnedItems(_ items: [Int], changes: Int, nextItem: inout Int, random: inout SplitMix64) -> [Int] {
    var kept = items
    for _ in 0..<changes { kept.swapAt(Int.random(in: 0..<kept.count, using: &random), kept.count - 1); kept.removeLast() }
    kept.sort()
    for _ in 0..<changes {
        kept.insert(nextItem, at: Int.random(in: 0...kept.count, using: &random))
        nextItem += 1
    }
    return kept
}
