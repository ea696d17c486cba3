@testable import DiffableSnapshots
import SeededRandom
import Testing

@Suite("Duplicate filter")
struct DuplicateFilterTests {
    /// The offset of the first item that repeats an earlier one, by a set.
    private static func referenceFirstRepeat(_ items: [Int]) -> Int? {
        var met = Set<Int>()
        for (offset, item) in items.enumerated() where !met.insert(item).inserted { return offset }
        return nil
    }

    @Test("finds the first repeated item, or none, as a set does")
    func findsTheFirstRepeat() {
        for seed in UInt64(1)...200 {
            var random = SplitMix64(seed: seed)
            let count = Int.random(in: 0...5_000, using: &random)
            var items = Array(0..<count).map { $0 &* 7_919 }.shuffled(using: &random)
            for _ in 0..<Int.random(in: 0...3, using: &random) where !items.isEmpty {
                items.insert(items.randomElement(using: &random)!, at: Int.random(in: 0...items.count, using: &random))
            }
            let found = items.withUnsafeBufferPointer { DuplicateFilter.firstRepeat(in: $0) }
            #expect(found == Self.referenceFirstRepeat(items), "seed \(seed)")
        }
    }

    @Test("strings, whose hashes come from their own Hashable")
    func findsRepeatedStrings() {
        let items = (0..<3_000).map { "item \($0)" } + ["item 17"]
        #expect(items.withUnsafeBufferPointer { DuplicateFilter.firstRepeat(in: $0) } == 3_000)
        #expect(Array(items.dropLast()).withUnsafeBufferPointer { DuplicateFilter.firstRepeat(in: $0) } == nil)
    }
}
