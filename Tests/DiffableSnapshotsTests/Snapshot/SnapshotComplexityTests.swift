import DiffableSnapshots
import TestSupport
import Testing

/// Complexity fences for the snapshot, by counting identifier operations (hash and `==` calls).
@Suite("Snapshot complexity")
struct SnapshotComplexityTests {
    private static let size = 4_000

    private func items(_ range: Range<Int>, _ counter: OperationCounter) -> [CountedIdentifier] {
        range.map { CountedIdentifier(value: $0, counter: counter) }
    }

    @Test func appendingNItemsHashesEachOnce() {
        let counter = OperationCounter()
        var snapshot = DiffableDataSourceSnapshot<Int, CountedIdentifier>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(items(0..<(Self.size / 2), counter), toSection: 0)
        snapshot.appendItems(items((Self.size / 2)..<Self.size, counter))
        #expect(
            counter.hashes <= 2 * Self.size,
            "\(counter.hashes) hashes: one per item, the duplicate check of the first section's few on shared bits, and its index built when the second comes")
        // Linear probing up to 60% full compares about one occupied bucket per insert on average
        // (about 4,100 expected here, varying with the process's hash seed): the fence is twice that.
        #expect(counter.equalities <= 2 * Self.size, "\(counter.equalities) comparisons while probing")
    }

    @Test func lookupsNeverRebuildAnIndex() {
        let counter = OperationCounter()
        var snapshot = DiffableDataSourceSnapshot<Int, CountedIdentifier>()
        snapshot.appendSections(Array(0..<40))
        let all = items(0..<Self.size, counter)
        for section in 0..<40 {
            snapshot.appendItems(Array(all[(section * 100)..<(section * 100 + 100)]), toSection: section)
        }
        counter.reset()
        var total = 0
        for item in all {
            total += snapshot.indexOfItem(item)!
            total += snapshot.sectionIdentifier(containingItem: item)!
            total += snapshot.itemIdentifiers(inSection: total % 40).count
        }
        #expect(total > 0)
        #expect(counter.hashes == 2 * Self.size, "\(counter.hashes) hashes: exactly one per identifier lookup")
        #expect(counter.equalities <= 4 * Self.size)
    }

    @Test func insertingInTheMiddleCostsTheSizeOfTheSection() {
        let counter = OperationCounter()
        var snapshot = DiffableDataSourceSnapshot<Int, CountedIdentifier>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(items(0..<100, counter), toSection: 0)
        snapshot.appendItems(items(100..<Self.size, counter), toSection: 1)
        counter.reset()
        snapshot.insertItems(items(Self.size..<(Self.size + 10), counter), beforeItem: CountedIdentifier(value: 50, counter: counter))
        #expect(snapshot.indexOfItem(CountedIdentifier(value: 50, counter: counter)) == 60)
        #expect(counter.hashes <= 100, "\(counter.hashes) hashes: only section 0 (110 items) is renumbered, and only its tail")
    }

    @Test func deletingAWholeSectionIsLinearInItsItems() {
        let counter = OperationCounter()
        var snapshot = DiffableDataSourceSnapshot<Int, CountedIdentifier>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(items(0..<Self.size, counter), toSection: 0)
        snapshot.appendItems(items(Self.size..<(Self.size + 10), counter), toSection: 1)
        counter.reset()
        snapshot.deleteSections([0])
        #expect(snapshot.numberOfItems == 10)
        #expect(counter.hashes <= 3 * Self.size, "\(counter.hashes) hashes for \(Self.size) items removed: one lookup each, and the entries backward-shift deletion slides back")
    }

    @Test func deletingManyItemsFromOneSectionIsNotQuadratic() {
        let counter = OperationCounter()
        var snapshot = DiffableDataSourceSnapshot<Int, CountedIdentifier>()
        snapshot.appendSections([0])
        let all = items(0..<Self.size, counter)
        snapshot.appendItems(all)
        counter.reset()
        snapshot.deleteItems(stride(from: 0, to: Self.size, by: 2).map { all[$0] })
        #expect(snapshot.numberOfItems == Self.size / 2)
        #expect(counter.hashes <= 3 * Self.size, "\(counter.hashes) hashes: one removal per deleted item, one renumbering per kept item, backward shifts")
    }

    /// Copying a snapshot and changing one item costs the same few operations at 20,000 items
    /// as at 80,000: a lookup or two, the item's own index entry, and at most the items of one
    /// leaf (255) when a leaf splits or merges. Never a pass over the items.
    @Test func copyingAndEditingOneItemCostsTheSameAtAnySize() {
        for size in [20_000, 80_000] {
            let counter = OperationCounter()
            let all = items(0..<size, counter)
            var base = DiffableDataSourceSnapshot<Int, CountedIdentifier>()
            base.appendSections([0, 1, 2, 3])
            for section in 0..<4 {
                base.appendItems(Array(all[(section * size / 4)..<((section + 1) * size / 4)]), toSection: section)
            }
            var random = SplitMix64(seed: UInt64(size))
            let fresh = items(size..<(size + 400), counter)
            var worst = 0
            for edit in 0..<400 {
                let item = all[Int.random(in: 0..<size, using: &random)]
                let anchor = all[Int.random(in: 0..<size, using: &random)]
                var copy = base
                counter.reset()
                switch edit % 5 {
                case 0: copy.deleteItems([item])
                case 1: copy.insertItems([fresh[edit]], beforeItem: anchor)
                case 2: copy.moveItem(item, afterItem: anchor)
                case 3: copy.moveItem(item, beforeItem: all[(item.value + 1) % size])
                default: copy.appendItems([fresh[edit]], toSection: edit % 4)
                }
                worst = max(worst, counter.total)
            }
            #expect(worst <= 2 * 255 + 32, "\(worst) operations for one edit of a copy of \(size) items")
        }
    }

    @Test func lookupsInAnEditedCopyHashOnce() {
        let counter = OperationCounter()
        let all = items(0..<Self.size, counter)
        var snapshot = DiffableDataSourceSnapshot<Int, CountedIdentifier>()
        snapshot.appendSections([0])
        snapshot.appendItems(all)
        var copy = snapshot
        copy.deleteItems([all[7]])
        copy.moveItem(all[9], beforeItem: all[3_000])
        counter.reset()
        for item in all[100..<1_100] {
            _ = copy.indexOfItem(item)
        }
        #expect(counter.hashes == 1_000, "\(counter.hashes) hashes: one per lookup, for the overlay and the table alike")
    }
}

