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
        print(update)  // e.g. "D(0,3) I(1,2) M((0,1)->(1,0)) C(1,4)"

        #expect(printed.all == ["D(0,3) I(1,2) M((0,1)->(1,0)) C(1,4)"])
    }

    /// `description`'s notation (BatchUpdate+Description.swift), for the update it shows.
    @Test func theDescriptionListsSectionsThenItems() {
        let update = BatchUpdate(
            sectionDeletes: [0], sectionInserts: [0],
            itemDeletes: [ItemPath(section: 1, item: 3)], itemInserts: [ItemPath(section: 1, item: 2)],
            itemMoves: [.init(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 1, item: 5))])
        #expect(update.description == "DS(0) IS(0) D(1,3) I(1,2) M((1,0)->(1,5))")
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
            print(error)  // e.g. "invalid number of items in section 0: 3 before, 1 inserted, ..."
        }

        #expect(printed.all == ["invalid number of items in section 0: 3 before, 1 inserted, 0 deleted, 0 moved in, 0 moved out, 5 after"])
    }
}
