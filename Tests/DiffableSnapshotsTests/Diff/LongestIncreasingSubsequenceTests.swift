@testable import DiffableSnapshots
import SeededRandom
import Testing

@Suite("Longest increasing subsequence")
struct LongestIncreasingSubsequenceTests {
    /// The length of a longest strictly increasing subsequence of the present values, by the
    /// quadratic recurrence.
    private static func referenceLength(_ values: [Int32]) -> Int {
        var best = [Int](repeating: 0, count: values.count)
        for index in values.indices where values[index] >= 0 {
            best[index] = 1 + ((0..<index).filter { values[$0] >= 0 && values[$0] < values[index] }.map { best[$0] }.max() ?? 0)
        }
        return best.max() ?? 0
    }

    /// Values that mostly increase, with stretches shuffled, elements moved far, and absent
    /// values, the shapes that split into segments.
    private static func values(count: Int, using random: inout SplitMix64) -> [Int32] {
        var values = (0..<count).map { Int32($0) }
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let start = Int.random(in: 0..<count, using: &random)
            values[start..<min(count, start + Int.random(in: 1...30, using: &random))].shuffle(using: &random)
        }
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            let value = values.remove(at: Int.random(in: 0..<count, using: &random))
            values.insert(value, at: Int.random(in: 0..<count, using: &random))
        }
        for index in values.indices where Int.random(in: 0..<10, using: &random) == 0 {
            values[index] = -1
        }
        return values
    }

    @Test("the elements left out are the fewest, in increasing order, and the rest increase")
    func leavesOutTheFewest() {
        for seed in UInt64(1)...300 {
            var random = SplitMix64(seed: seed)
            let values = Self.values(count: Int.random(in: 1...160, using: &random), using: &random)
            var outside: [Int] = []
            forEachOutsideLongestIncreasingSubsequence(values) { outside.append($0) }
            let left = Set(outside)
            let kept = values.indices.filter { values[$0] >= 0 && !left.contains($0) }.map { values[$0] }
            let present = values.filter { $0 >= 0 }.count
            #expect(outside == outside.sorted() && left.count == outside.count, "seed \(seed): \(outside)")
            #expect(outside.allSatisfy { values[$0] >= 0 }, "seed \(seed): an absent value was reported")
            #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed): what stays does not increase: \(values)")
            #expect(present - outside.count == Self.referenceLength(values), "seed \(seed): \(values)")
        }
    }
}
