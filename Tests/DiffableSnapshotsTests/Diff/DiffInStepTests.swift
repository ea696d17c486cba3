import DiffableSnapshots
import SeededRandom
import TestSupport
import Testing

/// The diff matches a section's items by walking the old and new middles side by side; these
/// pin its results on the edits that throw such a walk out of step, and its cost.
@Suite("Diff: matching in step")
struct DiffInStepTests {
    /// Applies `edits` random edits of every kind a walk in step meets to `items`: single and
    /// runs of inserts and deletes, block moves, swapped neighbours and a shuffled stretch.
    private static func edited(_ items: [Int], edits: Int, next: inout Int, using random: inout SplitMix64) -> [Int] {
        var items = items
        for _ in 0..<edits where !items.isEmpty {
            switch Int.random(in: 0..<7, using: &random) {
            case 0:
                items.insert(next, at: Int.random(in: 0...items.count, using: &random))
                next += 1
            case 1:
                items.remove(at: Int.random(in: 0..<items.count, using: &random))
            case 2:
                // A run of deletes longer than the walk looks ahead.
                let start = Int.random(in: 0..<items.count, using: &random)
                items.removeSubrange(start..<min(items.count, start + Int.random(in: 2...40, using: &random)))
            case 3:
                let count = Int.random(in: 2...12, using: &random)
                items.insert(contentsOf: next..<(next + count), at: Int.random(in: 0...items.count, using: &random))
                next += count
            case 4:
                // A block cut out and pasted elsewhere.
                let start = Int.random(in: 0..<items.count, using: &random)
                let block = Array(items[start..<min(items.count, start + Int.random(in: 1...300, using: &random))])
                items.removeSubrange(start..<(start + block.count))
                items.insert(contentsOf: block, at: Int.random(in: 0...items.count, using: &random))
            case 5:
                let index = Int.random(in: 0..<items.count, using: &random)
                if index + 1 < items.count { items.swapAt(index, index + 1) }
            default:
                let start = Int.random(in: 0..<items.count, using: &random)
                items[start..<min(items.count, start + Int.random(in: 2...200, using: &random))].shuffle(using: &random)
            }
        }
        return items
    }

    @Test("edits that throw the walk out of step round trip, within and across sections")
    func outOfStepEditsRoundTrip() {
        for seed in UInt64(1)...40 {
            var random = SplitMix64(seed: seed)
            let sectionCount = Int.random(in: 1...3, using: &random)
            let perSection = Int.random(in: 500...3_000, using: &random)
            let oldLayout = (0..<sectionCount).map { section in
                ("s\(section)", Array((section * perSection)..<((section + 1) * perSection)))
            }
            var next = sectionCount * perSection
            var newLayout = oldLayout.map { name, items in
                (name, Self.edited(items, edits: Int.random(in: 1...60, using: &random), next: &next, using: &random))
            }
            if sectionCount > 1 {
                // Items taken from the middle of one section into another.
                let from = Int.random(in: 0..<sectionCount, using: &random)
                let to = (from + 1) % sectionCount
                let count = min(newLayout[from].1.count / 2, Int.random(in: 1...50, using: &random))
                let start = newLayout[from].1.count / 4
                let taken = Array(newLayout[from].1[start..<(start + count)])
                newLayout[from].1.removeSubrange(start..<(start + count))
                newLayout[to].1.insert(contentsOf: taken, at: Int.random(in: 0...newLayout[to].1.count, using: &random))
            }
            let (update, failures) = BatchUpdateRoundTripTests.roundTripFailures(makeSnapshot(oldLayout), makeSnapshot(newLayout))
            #expect(failures.isEmpty, "seed \(seed): \(failures.joined(separator: "\n")); \(update.itemMoves.count) moves")
        }
    }

    @Test("a list in no order at all round trips when the walk gives up for lookups in bucket order")
    func shuffledLargeListRoundTrips() {
        // Large enough for the new index to be walked in bucket order, so the walk in step
        // stops after a few thousand items out of step and hands over.
        var random = SplitMix64(seed: 11)
        let items = Array(0..<60_000)
        var shuffled = items.shuffled(using: &random)
        shuffled.removeLast(1_000)
        shuffled.insert(contentsOf: 60_000..<60_500, at: 30_000)
        let (update, failures) = BatchUpdateRoundTripTests.roundTripFailures(makeSnapshot([("a", items)]), makeSnapshot([("a", shuffled)]))
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n")); \(update.itemMoves.count) moves")
        #expect(update.itemDeletes.count == 1_000 && update.itemInserts.count == 500)
    }

    @Test("scattered changes cost one comparison per item and a few operations per change")
    func scatteredChangesCostAComparisonPerItem() {
        let size = 4_000
        let changes = 40
        var random = SplitMix64(seed: 5)
        var items = Array(0..<size)
        for change in 0..<changes {
            // Single deletes and inserts, none next to another.
            let index = (change * size / changes) + Int.random(in: 10..<(size / changes - 10), using: &random)
            if change.isMultiple(of: 2) { items.remove(at: index) } else { items.insert(size + change, at: index) }
        }
        let counter = OperationCounter()
        func snapshot(_ values: [Int]) -> DiffableDataSourceSnapshot<Int, CountedIdentifier> {
            var snapshot = DiffableDataSourceSnapshot<Int, CountedIdentifier>()
            snapshot.appendSections([0])
            snapshot.appendItems(values.map { CountedIdentifier(value: $0, counter: counter) })
            return snapshot
        }
        let old = snapshot(Array(0..<size))
        let new = snapshot(items)
        counter.reset()
        let update = BatchUpdate(from: old, to: new)
        #expect(update.itemDeletes.count == changes / 2 && update.itemInserts.count == changes / 2 && update.itemMoves.isEmpty)
        // Hashing every item would cost a hash and about two comparisons each.
        #expect(counter.hashes <= changes, "\(counter.hashes) hashes for \(changes) changes")
        #expect(counter.total <= size + 16 * changes, "\(counter.total) operations for \(size) items and \(changes) changes")
    }
}
