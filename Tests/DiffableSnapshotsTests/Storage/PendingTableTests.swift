@testable import DiffableSnapshots
import SeededRandom
import Testing

/// Appends to empty sections put their index off; lookups build it once, changes take it over.
@Suite("Put-off index")
struct PendingTableTests {
    private typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

    private func built(_ items: [Int], sections: Int = 1) -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(Array(0..<sections))
        let perSection = items.count / sections
        for section in 0..<sections {
            let end = section == sections - 1 ? items.count : (section + 1) * perSection
            snapshot.appendItems(Array(items[(section * perSection)..<end]), toSection: section)
        }
        return snapshot
    }

    @Test func aFirstAppendKeepsNoTableUntilALookup() {
        let items: [Int] = (0..<5_000).map { $0 &* 7_919 }
        let snapshot = built(items)
        #expect(snapshot.storage.index.table == nil)
        #expect(snapshot.storage.index.pending != nil)
        for (offset, item) in items.enumerated() where offset % 7 == 0 {
            #expect(snapshot.indexOfItem(item) == offset)
        }
        #expect(snapshot.indexOfItem(-1) == nil)
        #expect(snapshot.storage.index.pending?.built != nil, "the first lookup builds the table")
        snapshot._checkInvariants()
    }

    @Test func aSmallAppendPutsItsIndexOffToo() {
        let snapshot = built(Array(0..<10))
        #expect(snapshot.storage.index.pending != nil)
        #expect(snapshot.storage.index.table == nil)
        #expect(snapshot.indexOfItem(7) == 7)
        #expect(snapshot.indexOfItem(10) == nil)
    }

    @Test func theFirstChangeTakesTheTableOverInPlace() {
        var snapshot = built(Array(0..<5_000))
        snapshot.deleteItems([17])
        #expect(snapshot.storage.index.pending == nil)
        #expect(snapshot.storage.index.overlay.isEmpty, "the table was built for this snapshot alone and changed in place")
        #expect(snapshot.indexOfItem(18) == 17)
        snapshot._checkInvariants()
    }

    @Test func appendsToFreshSectionsOfOneDenseRangeStayPutOff() {
        let snapshot = built(Array(0..<9_000), sections: 3)
        #expect(snapshot.storage.index.pending?.chunks.count == 3)
        #expect(snapshot.storage.index.table == nil)
        #expect(snapshot.sectionIdentifier(containingItem: 4_500) == 1)
        #expect(snapshot.indexOfItem(8_999) == 8_999)
        #expect(snapshot.storage.index.pending?.built?.count == 9_000)
        snapshot._checkInvariants()
    }

    @Test func aSecondSectionOfSparseIntegersIsIndexedWithItsRoom() {
        // Sparse integers share bits of the filter: the second append builds the index.
        var random = SplitMix64(seed: 11)
        let items = Array(Set((0..<9_000).map { _ in Int.random(in: .min ... .max, using: &random) }))
        let snapshot = built(items, sections: 3)
        #expect(snapshot.storage.index.pending == nil)
        #expect(snapshot.storage.index.table!.count == items.count)
        #expect(snapshot.storage.index.overlay.isEmpty)
        #expect(snapshot.sectionIdentifier(containingItem: items[items.count / 2]) == 1)
        snapshot._checkInvariants()
    }

    @Test func aPutOffIndexAnswersEveryQueryAsABuiltOneDoes() {
        var random = SplitMix64(seed: 12)
        var items = Array(0..<6_000).map { $0 * 3 }
        items.shuffle(using: &random)
        let putOff = built(items, sections: 40)
        // The same appends with a copy kept after the first: the others index at once.
        var indexed = Snapshot()
        indexed.appendSections(Array(0..<40))
        var kept: [Snapshot] = []
        for section in 0..<40 {
            indexed.appendItems(Array(items[(section * 150)..<((section + 1) * 150)]), toSection: section)
            kept.append(indexed)
        }
        #expect(putOff.storage.index.pending?.chunks.count == 40)
        #expect(indexed.storage.index.pending == nil)
        for probe in -3..<18_003 {
            #expect(putOff.indexOfItem(probe) == indexed.indexOfItem(probe))
            #expect(putOff.sectionIdentifier(containingItem: probe) == indexed.sectionIdentifier(containingItem: probe))
        }
        #expect(putOff.itemIdentifiers == indexed.itemIdentifiers)
        #expect(putOff == indexed)
    }

    @Test func markingItemsOfAFreshSnapshotBuildsNoTable() {
        var snapshot = built(Array(0..<5_000), sections: 5)
        snapshot.reconfigureItems([0, 2_500, 4_999])
        snapshot.reloadItems([17])
        #expect(snapshot.storage.index.pending?.built == nil)
        #expect(snapshot.reconfiguredItemIdentifiers.sorted() == [0, 2_500, 4_999])
        #expect(snapshot.reloadedItemIdentifiers == [17])
    }

    @Test func markingItemsOfASparseSnapshotLooksThemUp() {
        var snapshot = built([5, 1 << 40, -7, 1 << 62])
        snapshot.reconfigureItems([1 << 40])
        #expect(snapshot.reconfiguredItemIdentifiers == [1 << 40])
        #expect(snapshot.storage.index.pending?.built != nil, "the filter cannot tell: the index answers")
    }

    @Test func aCopyChangedAfterTheOriginalWasReadLeavesTheOriginalIntact() {
        let original = built(Array(0..<5_000))
        var copy = original
        #expect(copy.indexOfItem(4_000) == 4_000)
        copy.moveItem(4_000, beforeItem: 0)
        copy.deleteItems([10])
        #expect(original.indexOfItem(4_000) == 4_000 && original.indexOfItem(10) == 10)
        #expect(copy.indexOfItem(4_000) == 0 && copy.indexOfItem(10) == nil)
        original._checkInvariants()
        copy._checkInvariants()
    }

    @Test func copiesReadFromManyTasksBuildOneTable() async {
        let snapshot = built((0..<20_000).map { $0 &* 31 })
        let tables = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for task in 0..<8 {
                let copy = snapshot
                group.addTask {
                    var random = SplitMix64(seed: UInt64(task))
                    for _ in 0..<2_000 {
                        let offset = Int.random(in: 0..<20_000, using: &random)
                        guard copy.indexOfItem(offset &* 31) == offset else { return nil }
                    }
                    return copy.storage.index.flatTable.map(ObjectIdentifier.init)
                }
            }
            var identities: Set<ObjectIdentifier?> = []
            for await identity in group { identities.insert(identity) }
            return identities
        }
        #expect(tables.count == 1 && !tables.contains(nil), "one table, every lookup right")
    }

    @Test func diffingTwoBuiltSnapshotsBuildsNeitherTable() {
        var random = SplitMix64(seed: 3)
        let old = Array(0..<6_000)
        var new = old.filter { _ in Int.random(in: 0..<10, using: &random) != 0 }
        new.insert(contentsOf: 6_000..<6_100, at: 3_000)
        new[100..<400].shuffle(using: &random)
        let oldSnapshot = built(old)
        let newSnapshot = built(new)
        let update = BatchUpdate(from: oldSnapshot, to: newSnapshot)
        #expect(oldSnapshot.storage.index.pending?.built == nil && newSnapshot.storage.index.pending?.built == nil)
        #expect(update.itemInserts.count == 100)
        #expect(update.itemDeletes.count == 6_000 - (new.count - 100))
        var applied = old
        for path in update.itemDeletes.map(\.item).sorted(by: >) { applied.remove(at: path) }
        #expect(Set(applied).isSubset(of: Set(new)))
    }
}
