@testable import DiffableSnapshots
import SeededRandom
import Testing

/// An identifier that stands for a word chosen by the test, so that the words of distinct
/// identifiers may coincide.
private struct Labeled: WordIdentifier {
    var value: Int
    var word: UInt64

    var identifierWord: UInt64 { word }

    static func == (lhs: Labeled, rhs: Labeled) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

@Suite("Duplicate filter")
struct DuplicateFilterTests {
    /// The offset of the first item that repeats an earlier one, by a set.
    private static func referenceFirstRepeat<Item: Hashable>(_ items: [Item]) -> Int? {
        var met = Set<Item>()
        for (offset, item) in items.enumerated() where !met.insert(item).inserted { return offset }
        return nil
    }

    private static func firstRepeat<Item: Hashable & Sendable>(_ items: [Item]) -> Int? {
        items.withUnsafeBufferPointer { DuplicateFilter.firstRepeat(in: $0) }
    }

    /// Seeded arrays of up to 5,000 values in the layouts identifiers come in (in order, a
    /// constant step apart, powers of two apart, shuffled, random), each with 0 to 3 repeats
    /// inserted.
    private static func forEachSeededArray(_ body: (_ seed: UInt64, _ values: [Int]) -> Void) {
        for seed in UInt64(1)...200 {
            var random = SplitMix64(seed: seed)
            let count = Int.random(in: 0...5_000, using: &random)
            var values: [Int]
            switch seed % 5 {
            case 0: values = Array(0..<count)
            case 1: values = (0..<count).map { $0 &* 7_919 &+ 1_000_000 }
            case 2: values = (0..<count).map { $0 << 20 }
            case 3: values = Array(0..<count).map { $0 &* 7_919 }.shuffled(using: &random)
            default: values = (0..<count).map { _ in Int.random(in: .min ... .max, using: &random) }
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) where !values.isEmpty {
                values.insert(values.randomElement(using: &random)!, at: Int.random(in: 0...values.count, using: &random))
            }
            body(seed, values)
        }
    }

    @Test("integers: finds the first repeated item, or none, as a set does")
    func findsTheFirstRepeatedInteger() {
        Self.forEachSeededArray { seed, values in
            #expect(Self.firstRepeat(values) == Self.referenceFirstRepeat(values), "seed \(seed)")
            let narrow = values.map { Int32(truncatingIfNeeded: $0) }
            #expect(Self.firstRepeat(narrow) == Self.referenceFirstRepeat(narrow), "seed \(seed), Int32")
        }
    }

    @Test("identifiers that stand for a word: finds the first repeat, or none, as a set does")
    func findsTheFirstRepeatedWordIdentifier() {
        Self.forEachSeededArray { seed, values in
            let identifiers = values.map { Labeled(value: $0, word: UInt64(bitPattern: Int64($0))) }
            #expect(Self.firstRepeat(identifiers) == Self.referenceFirstRepeat(identifiers), "seed \(seed)")
        }
    }

    @Test("identifiers whose words coincide are still told apart by ==")
    func coincidingWordsAreComparedExactly() {
        let identifiers = (0..<4_000).map { Labeled(value: $0, word: UInt64($0 % 3)) }
        #expect(Self.firstRepeat(identifiers) == nil)
        let repeated = identifiers + [Labeled(value: 2_345, word: UInt64(2_345 % 3))]
        #expect(Self.firstRepeat(repeated) == 4_000)
    }

    @Test("strings, whose hashes come from their own Hashable")
    func findsRepeatedStrings() {
        let items = (0..<3_000).map { "item \($0)" } + ["item 17"]
        #expect(Self.firstRepeat(items) == 3_000)
        #expect(Self.firstRepeat(Array(items.dropLast())) == nil)
    }
}
