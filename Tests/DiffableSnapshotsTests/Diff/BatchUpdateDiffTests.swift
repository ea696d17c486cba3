import DiffableSnapshots
import TestSupport
import Testing

private typealias Snapshot = TestSnapshot

private func snapshot(_ layout: KeyValuePairs<String, [Int]>) -> Snapshot { makeSnapshot(layout) }

private func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

private func move(_ from: ItemPath, _ to: ItemPath) -> BatchUpdate.Move<ItemPath> { .init(from: from, to: to) }

@Suite("BatchUpdate(from:to:)")
struct BatchUpdateDiffTests {
    @Test func equalSnapshotsGiveAnEmptyUpdate() {
        let old = snapshot(["A": [1, 2, 3], "B": [4]])
        #expect(BatchUpdate(from: old, to: old).isEmpty)
        #expect(BatchUpdate(from: old, to: snapshot(["A": [1, 2, 3], "B": [4]])).isEmpty)
        #expect(BatchUpdate(from: Snapshot(), to: Snapshot()).isEmpty)
    }

    @Test func fromAndToEmptySnapshotsAreSectionInsertsAndDeletes() {
        let full = snapshot(["A": [1], "B": [2, 3]])
        #expect(BatchUpdate(from: Snapshot(), to: full) == BatchUpdate(sectionInserts: [0, 1]))
        #expect(BatchUpdate(from: full, to: Snapshot()) == BatchUpdate(sectionDeletes: [0, 1]))
    }

    @Test func insertsAndDeletesUseOldAndNewPaths() {
        let update = BatchUpdate(from: snapshot(["A": [1, 2, 3, 4]]), to: snapshot(["A": [1, 5, 3, 4, 6]]))
        #expect(update == BatchUpdate(itemDeletes: [path(0, 1)], itemInserts: [path(0, 1), path(0, 4)]))
        #expect(update.description == "D(0,1) I(0,1) I(0,4)")
    }

    @Test func anItemThatOnlyShiftsIsNotMoved() {
        let update = BatchUpdate(from: snapshot(["A": [1, 2, 3, 4, 5]]), to: snapshot(["A": [2, 3, 4, 5, 1]]))
        #expect(update == BatchUpdate(itemMoves: [move(path(0, 0), path(0, 4))]))
    }

    @Test func reversingNItemsMovesNMinusOne() {
        let items = Array(0..<50)
        let update = BatchUpdate(from: snapshot(["A": items]), to: snapshot(["A": items.reversed()]))
        #expect(update.itemMoves.count == 49)
        #expect(update.itemInserts.isEmpty && update.itemDeletes.isEmpty)
    }

    @Test func itemsMoveAcrossSections() {
        let update = BatchUpdate(from: snapshot(["A": [1, 2], "B": [3]]), to: snapshot(["A": [2], "B": [3, 1]]))
        #expect(update == BatchUpdate(itemMoves: [move(path(0, 0), path(1, 1))]))
    }

    @Test func sectionsMoveWithTheirItemsAndOnlyTheMinimumMoves() {
        let update = BatchUpdate(
            from: snapshot(["A": [1], "B": [2], "C": [3], "D": [4]]),
            to: snapshot(["D": [4], "A": [1], "B": [2], "C": [3]])
        )
        #expect(update == BatchUpdate(sectionMoves: [.init(from: 3, to: 0)]))
    }

    @Test func itemsChangeInsideAMovedSection() {
        let update = BatchUpdate(from: snapshot(["A": [1, 2], "B": [3], "C": []]), to: snapshot(["B": [3], "C": [], "A": [2, 4]]))
        #expect(update == BatchUpdate(sectionMoves: [.init(from: 0, to: 2)], itemDeletes: [path(0, 0)], itemInserts: [path(2, 1)]))
    }

    @Test func itemsLeavingADeletedSectionAreInsertedWhereTheyLand() {
        let update = BatchUpdate(from: snapshot(["A": [1, 2], "B": [3]]), to: snapshot(["B": [3, 1]]))
        #expect(update == BatchUpdate(sectionDeletes: [0], itemInserts: [path(0, 1)]))
    }

    @Test func itemsEnteringAnInsertedSectionAreDeletedWhereTheyWere() {
        let update = BatchUpdate(from: snapshot(["A": [1, 2]]), to: snapshot(["A": [1], "B": [2]]))
        #expect(update == BatchUpdate(sectionInserts: [1], itemDeletes: [path(0, 1)]))
    }

    @Test func reloadMarksBecomeReloadsAtOldPaths() {
        var new = snapshot(["A": [0, 1, 2, 3]])
        new.deleteItems([0])
        new.reloadItems([2])
        let update = BatchUpdate(from: snapshot(["A": [0, 1, 2, 3]]), to: new)
        #expect(update == BatchUpdate(itemDeletes: [path(0, 0)], itemReloads: [path(0, 2)]))
    }

    @Test func aMovedItemMarkedForReloadIsDeletedAndInserted() {
        var new = snapshot(["A": [2, 3, 1]])
        new.reloadItems([1])
        let update = BatchUpdate(from: snapshot(["A": [1, 2, 3]]), to: new)
        #expect(update == BatchUpdate(itemDeletes: [path(0, 0)], itemInserts: [path(0, 2)]))
    }

    @Test func reconfigureMarksUseNewPathsEvenWhenMoved() {
        var new = snapshot(["A": [2, 3, 1]])
        new.reconfigureItems([1, 3])
        let update = BatchUpdate(from: snapshot(["A": [1, 2, 3]]), to: new)
        #expect(update == BatchUpdate(itemMoves: [move(path(0, 0), path(0, 2))], itemReconfigures: [path(0, 1), path(0, 2)]))
    }

    @Test func reloadWinsOverReconfigure() {
        var new = snapshot(["A": [1, 2]])
        new.reloadItems([2])
        new.reconfigureItems([2])
        #expect(BatchUpdate(from: snapshot(["A": [1, 2]]), to: new) == BatchUpdate(itemReloads: [path(0, 1)]))
    }

    @Test func marksOnNewItemsNeedNoOperation() {
        var new = snapshot(["A": [1, 2]])
        new.reloadItems([2])
        new.reconfigureItems([2])
        #expect(BatchUpdate(from: snapshot(["A": [1]]), to: new) == BatchUpdate(itemInserts: [path(0, 1)]))
    }

    @Test func reloadedSectionsReplaceTheirItemsWholesale() {
        var new = snapshot(["A": [1, 9], "B": [3]])
        new.reloadSections(["A"])
        new.reconfigureItems([1])
        let update = BatchUpdate(from: snapshot(["A": [1, 2], "B": [3]]), to: new)
        #expect(update == BatchUpdate(sectionReloads: [0]))
    }

    @Test func aMovedSectionMarkedForReloadIsDeletedAndInserted() {
        var new = snapshot(["B": [2], "C": [3], "A": [1]])
        new.reloadSections(["A"])
        let update = BatchUpdate(from: snapshot(["A": [1], "B": [2], "C": [3]]), to: new)
        #expect(update == BatchUpdate(sectionDeletes: [0], sectionInserts: [2]))
    }

    @Test func aKeptSectionMarkedForReloadIsReloaded() {
        var new = snapshot(["B": [2], "A": [1], "C": [3]])
        new.reloadSections(["A", "C"])
        let update = BatchUpdate(from: snapshot(["A": [1], "B": [2], "C": [3]]), to: new)
        // B moving is one of two minimal choices; with it, A and C are kept and so reloaded.
        #expect(update == BatchUpdate(sectionMoves: [.init(from: 1, to: 0)], sectionReloads: [0, 2]))
    }

    @Test func updatesOfCopiedSnapshotsOnlyLookAtChangedSections() {
        let counter = OperationCounter()
        let items = (0..<1_000).map { CountedIdentifier(value: $0, counter: counter) }
        var old = DiffableDataSourceSnapshot<Int, CountedIdentifier>()
        for section in 0..<10 {
            old.appendSections([section])
            old.appendItems(Array(items[(section * 100)..<(section * 100 + 100)]))
        }
        var new = old
        new.reconfigureItems([items[150]])
        counter.reset()
        let update = BatchUpdate(from: old, to: new)
        #expect(update == BatchUpdate(itemReconfigures: [path(1, 50)]))
        // A pass over the list would cost at least 1,000 operations; the mark costs a lookup or two,
        // each a hash and as many comparisons as the probe meets (per-process hash seeds vary that).
        #expect(counter.total <= 8, "sections sharing storage cost nothing; the mark costs a lookup or two")
    }
}
