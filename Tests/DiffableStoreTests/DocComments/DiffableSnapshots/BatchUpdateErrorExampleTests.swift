// Guards the examples in the documentation comments of `BatchUpdateError`:
// Sources/DiffableSnapshots/Validation/BatchUpdateError.swift and BatchUpdateError+Description.swift.
import DiffableStore
import Testing

@Suite struct BatchUpdateErrorExampleTests {
    /// The type's example (BatchUpdateError.swift), verbatim in a function, with `print`
    /// captured; the test calls it with an update whose counts do not add up, then with one
    /// whose move lands on the wrong item.
    @Test func eachErrorIsCaughtByItsCaseOrPrinted() {
        let printed = LogLines()
        func print(_ items: Any...) { printed.record(items) }
        func check(_ update: BatchUpdate, from old: DiffableDataSourceSnapshot<String, Int>, to new: DiffableDataSourceSnapshot<String, Int>) {
            do {
                try update.validate(from: old, to: new)
            } catch .invalidNumberOfItems(let section, _, _, _, _, _, _) {
                print("section \(section) does not add up")
            } catch {
                // Item move (0,1)→(1,0): expected 5 at the destination, found 7; move the item to its
                // path in the new snapshot.
                print(error)
            }
        }
        var old = DiffableDataSourceSnapshot<String, Int>()
        old.appendSections(["A", "B"])
        old.appendItems([4, 5], toSection: "A")
        old.appendItems([6], toSection: "B")
        var new = DiffableDataSourceSnapshot<String, Int>()
        new.appendSections(["A", "B"])
        new.appendItems([4], toSection: "A")
        new.appendItems([7, 6], toSection: "B")

        check(BatchUpdate(), from: old, to: new)
        check(BatchUpdate(itemMoves: [.init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0))]), from: old, to: new)

        #expect(printed.all == [
            "section 0 does not add up",
            "Item move (0,1)→(1,0): expected 5 at the destination, found 7; move the item to its path in the new snapshot.",
        ])
    }

    /// `description`'s sentence (BatchUpdateError+Description.swift), for the error it shows.
    @Test func theDescriptionIsOneSentenceInUIKitsStyle() {
        let error = BatchUpdateError.invalidNumberOfItems(section: 2, before: 5, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0, after: 5)
        #expect(error.description == "Invalid number of items in section 2: 5 before, 1 inserted, 0 deleted, 0 moved in, 0 moved out, 5 after; list every item inserted, deleted and moved.")
    }
}
