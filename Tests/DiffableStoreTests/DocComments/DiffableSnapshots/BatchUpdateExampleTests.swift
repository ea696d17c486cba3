// Guards the examples in the documentation comments of `BatchUpdate`:
// Sources/DiffableSnapshots/BatchUpdate/BatchUpdate.swift, BatchUpdate+Diff.swift and
// BatchUpdate+Description.swift, and Sources/DiffableSnapshots/Validation/BatchUpdate+Validation.swift.
import DiffableStore
import Testing

@Suite struct BatchUpdateExampleTests {
    /// The type's example (BatchUpdate.swift), verbatim, with its two commented results checked.
    @Test func theTypeExampleDeletesAndInsertsAtTheirPaths() {
        var old = DiffableDataSourceSnapshot<String, Int>()
        old.appendSections(["main"])
        old.appendItems([1, 2, 3])
        var new = old
        new.deleteItems([2])
        new.appendItems([4])
        let update = BatchUpdate(from: old, to: new)
        #expect(update.itemDeletes == [ItemPath(section: 0, item: 1)])
        #expect(update.itemInserts == [ItemPath(section: 0, item: 2)])
    }

    /// `init(from:to:)`'s example (BatchUpdate+Diff.swift), verbatim, with `print` captured;
    /// the test supplies two snapshots whose update is the one the comment shows.
    @Test func theDiffPrintsItsOperations() {
        let printed = LogLines()
        func print(_ items: Any...) { printed.record(items) }
        var shownSnapshot = DiffableDataSourceSnapshot<Int, Int>()
        shownSnapshot.appendSections([0, 1])
        shownSnapshot.appendItems([1, 2, 3, 4], toSection: 0)
        shownSnapshot.appendItems([5, 6, 7, 8], toSection: 1)
        var newSnapshot = DiffableDataSourceSnapshot<Int, Int>()
        newSnapshot.appendSections([0, 1])
        newSnapshot.appendItems([1, 3], toSection: 0)
        newSnapshot.appendItems([2, 5, 9, 6, 7, 8], toSection: 1)
        newSnapshot.reconfigureItems([7])

        let update = BatchUpdate(from: shownSnapshot, to: newSnapshot)
        print(update)  // e.g. "D(0,3) I(1,2) M(0,1→1,0) C(1,4)"

        #expect(printed.all == ["D(0,3) I(1,2) M(0,1→1,0) C(1,4)"])
    }

    /// `description`'s example (BatchUpdate+Description.swift), verbatim, with `print` captured;
    /// the test supplies the update the comment shows.
    @Test func theDescriptionListsSectionsThenItems() {
        let printed = LogLines()
        func print(_ items: Any...) { printed.record(items) }
        let update = BatchUpdate(
            sectionDeletes: [0], sectionInserts: [2], sectionMoves: [.init(from: 3, to: 1)], sectionReloads: [4],
            itemDeletes: [ItemPath(section: 0, item: 3)], itemInserts: [ItemPath(section: 1, item: 2)],
            itemMoves: [.init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 2, item: 0))],
            itemReloads: [ItemPath(section: 1, item: 4)], itemReconfigures: [ItemPath(section: 1, item: 5)])

        print(update)
        // DS(0) IS(2) MS(3→1) RS(4) D(0,3) I(1,2) M(0,1→2,0) R(1,4) C(1,5)

        #expect(printed.all == ["DS(0) IS(2) MS(3→1) RS(4) D(0,3) I(1,2) M(0,1→2,0) R(1,4) C(1,5)"])
        #expect(BatchUpdate().description == "(no changes)")
    }

    /// `validate(from:to:)`'s example (BatchUpdate+Validation.swift), verbatim, with `print`
    /// captured; the test supplies snapshots of 3 and 5 items, which one insert cannot connect.
    @Test func aWrongCountIsPrintedAsUIKitSaysIt() {
        let printed = LogLines()
        func print(_ items: Any...) { printed.record(items) }
        var old = DiffableDataSourceSnapshot<String, Int>()
        old.appendSections(["main"])
        old.appendItems([1, 2, 3])
        var new = old
        new.appendItems([4, 5])

        let update = BatchUpdate(itemInserts: [ItemPath(section: 0, item: 3)])
        do {
            try update.validate(from: old, to: new)
        } catch {
            print(error)  // e.g. "Invalid number of items in section 0: 3 before, 1 inserted, ..."
        }

        #expect(printed.all == ["Invalid number of items in section 0: 3 before, 1 inserted, 0 deleted, 0 moved in, 0 moved out, 5 after; list every item inserted, deleted and moved."])
    }
}
