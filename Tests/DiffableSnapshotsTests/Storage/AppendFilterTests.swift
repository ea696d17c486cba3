@testable import DiffableSnapshots
import SeededRandom
import Testing

/// The bitmap that checks later appends against earlier ones without an index.
@Suite("Append filter")
struct AppendFilterTests {
    private func filled(_ chunks: [[Int]]) -> AppendFilter? {
        var filter = AppendFilter()
        var earlier: [PendingChunk<Int>] = []
        var total = 0
        for chunk in chunks {
            total += chunk.count
            guard filter.add(chunk, total: total, after: earlier) else { return nil }
            earlier.append(PendingChunk(items: chunk, leaves: []))
        }
        return filter
    }

    @Test func integersOfOneDenseRangeInAnyOrderShareNoBit() {
        var random = SplitMix64(seed: 1)
        var items = Array(-5_000..<45_000)
        items.shuffle(using: &random)
        let chunks = stride(from: 0, to: items.count, by: 700).map { Array(items[$0..<min($0 + 700, items.count)]) }
        #expect(filled(chunks) != nil)
    }

    @Test func aRepeatAcrossAppendsIsTurnedAway() {
        #expect(filled([Array(0..<1_000), Array(1_000..<2_000), [2_000, 5]]) == nil)
    }

    @Test func aRepeatWithinALaterAppendIsTurnedAway() {
        #expect(filled([Array(0..<1_000), [1_000, 1_001, 1_000]]) == nil)
    }

    @Test func aDenseRangeTellsExactlyWhatItHolds() throws {
        let held = Array(0..<3_000).filter { $0 % 7 != 3 }
        let filter = try #require(filled([Array(held[..<1_000]), Array(held[1_000...])]))
        let set = Set(held)
        for probe in -10..<3_010 {
            #expect(filter.contains(probe) == set.contains(probe))
        }
    }

    @Test func sparseIntegersLeaveTheAnswerToTheIndex() {
        var filter = AppendFilter()
        let items = [1, 1 << 40, 1 << 50]
        if filter.add(items, total: items.count, after: []) {
            #expect(filter.contains(1 << 40) == nil)
        }
    }
}
