@testable import DiffableSnapshots
import TestSupport
import Testing

/// The persistent storage under a snapshot: what a copy shares, and the rare structural steps
/// (relabeling, merging, compaction, renumbering) that histories seldom reach.
@Suite("Snapshot storage")
struct SnapshotStorageTests {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

    /// The branches and leaves of `snapshot`'s trees that `other` does not hold.
    private func unsharedNodes(of snapshot: Snapshot, comparedWith other: Snapshot) -> Int {
        var theirs = Set<ObjectIdentifier>()
        func collect(_ branch: ItemBranch<Int>, into set: inout Set<ObjectIdentifier>) {
            set.insert(ObjectIdentifier(branch))
            if branch.height == 1 {
                for leaf in branch.leaves { set.insert(ObjectIdentifier(leaf)) }
            } else {
                for child in branch.branches { collect(child, into: &set) }
            }
        }
        for tree in other.storage.trees { if let root = tree.root { collect(root, into: &theirs) } }
        var ours = Set<ObjectIdentifier>()
        for tree in snapshot.storage.trees { if let root = tree.root { collect(root, into: &ours) } }
        return ours.subtracting(theirs).count
    }

    private func height(_ snapshot: Snapshot) -> Int {
        snapshot.storage.trees.compactMap { $0.root?.height }.max() ?? 0
    }

    private func sectioned(_ sections: Int, _ perSection: Int) -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(Array(0..<sections))
        for section in 0..<sections {
            snapshot.appendItems(Array((section * perSection)..<((section + 1) * perSection)), toSection: section)
        }
        return snapshot
    }

    @Test func aCopyEditedOnceSharesAllButOnePathPerSectionTouched() {
        let base = sectioned(4, 50_000)
        #expect(height(base) >= 2)
        var random = SplitMix64(seed: 11)
        for edit in 0..<40 {
            var copy = base
            let item = Int.random(in: 0..<200_000, using: &random)
            let anchor = Int.random(in: 0..<200_000, using: &random)
            switch edit % 4 {
            case 0: copy.deleteItems([item])
            case 1: copy.insertItems([1_000_000 + edit], beforeItem: anchor)
            case 2: copy.moveItem(item, afterItem: anchor)
            default: copy.appendItems([1_000_000 + edit], toSection: item % 4)
            }
            // Per section touched: the path from the root, a split leaf and the branches it may split.
            let unshared = unsharedNodes(of: copy, comparedWith: base)
            #expect(unshared <= 2 * (height(base) + 3), "edit \(edit): \(unshared) nodes copied")
            #expect(copy.storage.index.flatTable === base.storage.index.flatTable, "the flat table stays shared")
            #expect(copy.storage.index.overlay.count <= 2, "edit \(edit): \(copy.storage.index.overlay.count) overlay entries")
        }
        #expect(base == sectioned(4, 50_000))
    }

    @Test func insertingAtOnePlaceOverAndOverRelabelsTheSectionAndKeepsOrder() {
        var snapshot = sectioned(2, 3_000)
        let before = snapshot
        var expected = Array(0..<3_000)
        // Each insert lands just after the previous one: the same leaf splits again and again,
        // and labels between two leaves run out (about 40 splits) long before 12,000 inserts.
        var anchor = 1_500
        for item in 100_000..<112_000 {
            snapshot.insertItems([item], afterItem: anchor)
            expected.insert(item, at: expected.firstIndex(of: anchor)! + 1)
            anchor = item
        }
        snapshot._checkInvariants()
        #expect(snapshot.itemIdentifiers(inSection: 0) == expected)
        #expect(snapshot.indexOfItem(111_999) == expected.firstIndex(of: 111_999))
        #expect(before == sectioned(2, 3_000))
        let update = BatchUpdate(from: before, to: snapshot)
        #expect(update.itemInserts.count == 12_000 && update.itemMoves.isEmpty && update.itemDeletes.isEmpty)
    }

    @Test func deletingMostItemsMergesLeavesAndShedsTheTable() {
        var snapshot = sectioned(1, 60_000)
        var random = SplitMix64(seed: 5)
        var doomed = Array(0..<60_000).shuffled(using: &random)
        let kept = Set(doomed.suffix(600))
        doomed.removeLast(600)
        for start in stride(from: 0, to: doomed.count, by: 997) {
            snapshot.deleteItems(Array(doomed[start..<min(start + 997, doomed.count)]))
        }
        snapshot._checkInvariants()
        #expect(snapshot.itemIdentifiers(inSection: 0) == Array(0..<60_000).filter(kept.contains))
        var leaves = 0
        snapshot.storage.trees[0].forEachLeaf { _, _ in leaves += 1 }
        #expect(leaves <= 600 / 32 + 4, "\(leaves) leaves hold 600 items")
        #expect(snapshot.storage.index.flatTable!.bucketCount <= 8 * ItemTable<Int>.bucketCount(forCapacity: 600))
    }

    @Test func editsToACopyFoldIntoAFreshTableOnceTheOverlayGrows() {
        let base = sectioned(1, 100_000)
        var copy = base
        var random = SplitMix64(seed: 9)
        var rebuilt = false
        for step in 0..<12_000 {
            let item = Int.random(in: 0..<100_000, using: &random)
            if copy.indexOfItem(item) != nil { copy.moveItem(item, beforeItem: (item + 7) % 100_000 == item ? 0 : (item + 7) % 100_000) }
            if copy.storage.index.flatTable !== base.storage.index.flatTable {
                rebuilt = true
                #expect(copy.storage.index.overlay.isEmpty || step > 0)
                break
            }
        }
        #expect(rebuilt, "the overlay never folded")
        copy._checkInvariants()
        #expect(base.storage.index.overlay.isEmpty)
        base._checkInvariants()
    }

    @Test func renumberingLeavesKeepsItemsAndDiffsAgainstOlderSnapshots() {
        var snapshot = sectioned(3, 5_000)
        snapshot.deleteItems([10, 5_010])
        snapshot.moveItem(42, beforeItem: 9_000)
        let older = snapshot
        snapshot.storage.renumberLeaves()
        snapshot.storage.rebuildIndex(itemCount: snapshot.numberOfItems)
        snapshot._checkInvariants()
        #expect(snapshot == older)
        snapshot.moveItem(7, afterItem: 14_000)
        let update = BatchUpdate(from: older, to: snapshot)
        #expect(update.itemMoves == [BatchUpdate.Move(from: ItemPath(section: 0, item: 7), to: ItemPath(section: 2, item: 4_001))])
        #expect(update.itemDeletes.isEmpty && update.itemInserts.isEmpty)
    }

    /// Items spread over all of `Int`, so that their hashes are no easier than real ones.
    private func spreadItems(_ count: Int) -> [Int] {
        (0..<count).map { $0 &* 0x1E37_79B9_7F4A_7C15 }
    }

    @Test func aLargeBuildFilledByPartitionFindsEveryItemAndNothingElse() {
        // 600,000 items need a table of more than 8 MB (15 bytes an item), which a fresh
        // snapshot fills by partition, marking the buckets empty just ahead of the fill; the
        // second append grows the table and enters its items by partition too.
        let items = spreadItems(640_000)
        var snapshot = Snapshot()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(Array(items[..<600_000]), toSection: 0)
        #expect(ItemTable<Int>.partitionBits(bucketCount: snapshot.storage.index.flatTable!.bucketCount) > 0)
        snapshot.appendItems(Array(items[600_000...]), toSection: 1)
        #expect(snapshot.storage.index.flatTable!.count == 640_000)
        var random = SplitMix64(seed: 11)
        var misplaced = 0
        var foundAbsent = 0
        for _ in 0..<5_000 {
            let position = Int.random(in: 0..<items.count, using: &random)
            if snapshot.indexOfItem(items[position]) != position { misplaced += 1 }
            if snapshot.indexOfItem(items[position] &+ 1) != nil { foundAbsent += 1 }
        }
        #expect(misplaced == 0 && foundAbsent == 0)
        snapshot._checkInvariants()
    }

    @Test func foldingALargeEditedSnapshotRefillsItsTableByPartition() {
        let items = spreadItems(600_000)
        var snapshot = Snapshot()
        snapshot.appendSections([0])
        snapshot.appendItems(items)
        var random = SplitMix64(seed: 12)
        // Edits in place give many leaves slot tables (slots that are not offsets).
        for edit in 0..<1_000 {
            let victim = items[Int.random(in: 0..<items.count, using: &random)]
            let anchor = items[Int.random(in: 0..<items.count, using: &random)]
            guard victim != anchor, snapshot.indexOfItem(victim) != nil, snapshot.indexOfItem(anchor) != nil else { continue }
            if edit % 2 == 0 {
                snapshot.moveItem(victim, beforeItem: anchor)
            } else {
                snapshot.deleteItems([victim])
                snapshot.insertItems([victim &+ 1], afterItem: anchor)
            }
        }
        let before = snapshot.itemIdentifiers
        snapshot.storage.rebuildIndex(itemCount: snapshot.numberOfItems)
        #expect(ItemTable<Int>.partitionBits(bucketCount: snapshot.storage.index.flatTable!.bucketCount) > 0)
        #expect(snapshot.itemIdentifiers == before)
        snapshot._checkInvariants()
    }

    @Test func aListBuiltSectionBySectionIsIndexedInPlace() {
        var snapshot = Snapshot()
        for section in 0..<100 {
            snapshot.appendSections([section])
            snapshot.appendItems(Array((section * 1_000)..<((section + 1) * 1_000)), toSection: section)
        }
        #expect(snapshot.storage.index.overlay.isEmpty)
        #expect(snapshot.storage.index.flatTable!.count == 100_000)
        #expect(snapshot.indexOfItem(54_321) == 54_321)
    }

    @Test func aListBuiltItemByItemKeepsItsOverlaySmall() {
        var snapshot = Snapshot()
        snapshot.appendSections([0])
        var largestOverlay = 0
        for item in 0..<40_000 {
            snapshot.appendItems([item])
            largestOverlay = max(largestOverlay, snapshot.storage.index.overlay.count)
        }
        #expect(largestOverlay <= 4_096 + 1)
        #expect(snapshot.indexOfItem(39_999) == 39_999)
        snapshot._checkInvariants()
    }
}
