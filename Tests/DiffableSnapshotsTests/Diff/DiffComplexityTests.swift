import DiffableSnapshots
import TestSupport
import Testing

/// Complexity fences for the diff, by counting identifier operations (hash and `==` calls):
/// each shape below would cost O(n²) operations in a quadratic diff.
///
/// Snapshots built from arrays keep no index, so a list in no order costs the diff two hashes
/// per item (one on each side, where the new item is put off and where the old one is looked
/// up), about one comparison per lookup that finds its item, and the comparisons of probes that
/// pass other items: 4.25 to 4.55 *n* here over sixteen processes, the spread coming from the
/// process's hash seed. The fences below allow 5 *n*; a quadratic diff would take thousands.
@Suite("Diff complexity")
struct DiffComplexityTests {
    private static let size = 4_000
    private static let linearBound = 5 * size

    private func snapshot(_ sections: [(name: Int, items: [Int])], counter: OperationCounter) -> DiffableDataSourceSnapshot<Int, CountedIdentifier> {
        var snapshot = DiffableDataSourceSnapshot<Int, CountedIdentifier>()
        for (name, items) in sections {
            snapshot.appendSections([name])
            snapshot.appendItems(items.map { CountedIdentifier(value: $0, counter: counter) })
        }
        return snapshot
    }

    private func operations(
        from old: [(name: Int, items: [Int])],
        to new: [(name: Int, items: [Int])]
    ) -> (operations: Int, update: BatchUpdate) {
        let counter = OperationCounter()
        let oldSnapshot = snapshot(old, counter: counter)
        let newSnapshot = snapshot(new, counter: counter)
        counter.reset()
        let update = BatchUpdate(from: oldSnapshot, to: newSnapshot)
        return (counter.total, update)
    }

    @Test func allReversedIsLinear() {
        let items = Array(0..<Self.size)
        let (count, update) = operations(from: [(0, items)], to: [(0, items.reversed())])
        #expect(update.itemMoves.count == Self.size - 1)
        #expect(count <= Self.linearBound, "\(count) operations for \(Self.size) items")
    }

    @Test func allShuffledIsLinear() {
        var random = SplitMix64(seed: 7)
        let items = Array(0..<Self.size)
        let (count, _) = operations(from: [(0, items)], to: [(0, items.shuffled(using: &random))])
        #expect(count <= Self.linearBound, "\(count) operations for \(Self.size) items")
    }

    @Test func everythingMovedAcrossSectionsIsLinear() {
        let half = Self.size / 2
        let first = Array(0..<half)
        let second = Array(half..<Self.size)
        let (count, update) = operations(from: [(0, first), (1, second)], to: [(0, second.reversed()), (1, first.reversed())])
        #expect(update.itemMoves.count == Self.size)
        #expect(count <= Self.linearBound, "\(count) operations for \(Self.size) items")
    }

    @Test func everyItemReplacedIsLinear() {
        let (count, update) = operations(from: [(0, Array(0..<Self.size))], to: [(0, Array(Self.size..<(2 * Self.size)))])
        #expect(update.itemDeletes.count == Self.size && update.itemInserts.count == Self.size)
        // Every new item is hashed once and not found: its probe compares it with the run of
        // occupied buckets from its own, about 2.6 of them on average at the index's 60% load,
        // with a spread that depends on the process's hash seed (3.4 to 4.05 operations per
        // item over twelve processes).
        #expect(count <= 5 * Self.size, "\(count) operations for \(Self.size) items")
    }

    @Test func anAppendCostsTheComparisonOfTheCommonPrefixOnly() {
        let items = Array(0..<Self.size)
        let (count, update) = operations(from: [(0, items)], to: [(0, items + [Self.size])])
        #expect(update == BatchUpdate(itemInserts: [ItemPath(section: 0, item: Self.size)]))
        #expect(count <= Self.size + 8, "\(count) operations: one == per common item, one hash and a few probe comparisons for the new one")
    }

    @Test func manySectionsReorderedIsLinear() {
        let sections = (0..<1_000).map { (name: $0, items: [$0]) }
        let (count, update) = operations(from: sections, to: sections.reversed())
        #expect(update.sectionMoves.count == 999)
        #expect(count <= 4 * 1_000, "\(count) operations for 1,000 sections")
    }

    /// The diff from a snapshot to a copy edited k times costs about the items of the k leaves
    /// the edits touched (compared by `==` at their ends, hashed where they differ), the same
    /// at 40,000 items as at 160,000: shared subtrees are skipped by identity.
    @Test func aDerivedCopyDiffsInTimeProportionalToItsEdits() {
        for size in [40_000, 160_000] {
            let counter = OperationCounter()
            let all = (0..<(size + 10)).map { CountedIdentifier(value: $0, counter: counter) }
            var base = DiffableDataSourceSnapshot<Int, CountedIdentifier>()
            base.appendSections([0, 1])
            base.appendItems(Array(all[0..<(size / 2)]), toSection: 0)
            base.appendItems(Array(all[(size / 2)..<size]), toSection: 1)
            var copy = base
            var random = SplitMix64(seed: 21)
            for edit in 0..<10 {
                let item = all[Int.random(in: 0..<size, using: &random)]
                let anchor = all[Int.random(in: 0..<size, using: &random)]
                switch edit % 3 {
                case 0: copy.deleteItems([item])
                case 1: copy.insertItems([all[size + edit]], afterItem: anchor)
                default: if item != anchor { copy.moveItem(item, beforeItem: anchor) }
                }
            }
            counter.reset()
            let update = BatchUpdate(from: base, to: copy)
            #expect(update.itemDeletes.count + update.itemInserts.count + update.itemMoves.count <= 10)
            #expect(counter.total <= 10 * 2 * 255, "\(counter.total) operations for 10 edits of \(size) items")
        }
    }
}

