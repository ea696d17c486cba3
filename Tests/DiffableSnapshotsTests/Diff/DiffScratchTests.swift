@testable import DiffableSnapshots
import SeededRandom
import TestSupport
import Testing

@Suite("Diff scratch memory")
struct DiffScratchTests {
    @Test("columns are aligned, do not overlap, and keep what was written while more are carved")
    func columnsStayApart() {
        let scratch = DiffScratch()
        // Small and large columns, so that both kinds of block are carved, and some columns
        // fit the rest of a block while others need a new one.
        let counts = [3, 70_000, 1, 20_000, 300_000, 5, 16_000, 0]
        var columns: [UnsafeMutableBufferPointer<Int32>] = []
        for (index, count) in counts.enumerated() {
            let column = scratch.column(repeating: Int32(index), count: count)
            #expect(column.count == count)
            #expect(Int(bitPattern: column.baseAddress) % DiffScratch.alignment == 0)
            columns.append(column)
        }
        for (index, column) in columns.enumerated() {
            #expect(column.allSatisfy { $0 == Int32(index) }, "column \(index) was overwritten")
        }
        let spans = columns.filter { !$0.isEmpty }.map { column -> Range<Int> in
            let start = Int(bitPattern: column.baseAddress)
            return start..<(start + column.count * MemoryLayout<Int32>.stride)
        }
        for first in spans.indices {
            for second in spans.indices where second > first {
                #expect(!spans[first].overlaps(spans[second]), "columns \(first) and \(second) overlap")
            }
        }
    }

    @Test("large diffs one after another round trip on the memory the one before gave back")
    func largeDiffsInARow() {
        // Each diff's columns are larger than the small-block limit, so each diff after the first
        // runs on recycled blocks that still hold the columns of the diff before.
        for seed in UInt64(1)...4 {
            var random = SplitMix64(seed: seed)
            let sectionCount = Int.random(in: 1...3, using: &random)
            let perSection = 30_000 / sectionCount
            let old = makeSnapshot((0..<sectionCount).map { section in
                ("s\(section)", Array((section * perSection)..<((section + 1) * perSection)))
            })
            var next = sectionCount * perSection
            let newLayout = (0..<sectionCount).map { section -> (String, [Int]) in
                var items = old.itemIdentifiers(inSection: "s\(section)")
                for _ in 0..<(perSection / 10) {
                    items.remove(at: Int.random(in: 0..<items.count, using: &random))
                    items.insert(next, at: Int.random(in: 0...items.count, using: &random))
                    next += 1
                }
                items[0..<(perSection / 20)].shuffle(using: &random)
                if sectionCount > 1, section == 0 {
                    // A few items move to the last section.
                    items.removeLast(50)
                }
                return ("s\(section)", items)
            }
            var layout = newLayout
            if sectionCount > 1 {
                layout[sectionCount - 1].1 += old.itemIdentifiers(inSection: "s0").suffix(50).filter { !newLayout[0].1.contains($0) }
            }
            let new = makeSnapshot(layout)
            let (update, failures) = BatchUpdateRoundTripTests.roundTripFailures(old, new)
            #expect(failures.isEmpty, "seed \(seed): \(failures.joined(separator: "\n")); \(update.itemMoves.count) moves")
        }
    }
}
