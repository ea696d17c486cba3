// Guards the example of the DiffableSnapshots module page:
// Sources/DiffableSnapshots/Documentation.docc/DiffableSnapshots.md.
import DiffableStore
import Testing

/// The overview's example, verbatim, with `print` captured.
@Test func theOverviewsUpdateHasOneMoveAndOneReconfigure() {
    let printed = LogLines()
    func print(_ items: Any...) { printed.record(items) }

    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["Favourites", "All"])
    snapshot.appendItems([1, 2], toSection: "Favourites")
    snapshot.appendItems([3, 4, 5])

    var next = snapshot
    next.moveItem(5, beforeItem: 3)
    next.reconfigureItems([4])

    let update = BatchUpdate(from: snapshot, to: next)
    print(update)  // M(1,2→1,0) C(1,2): one move (3 and 4 only shift), 4 reconfigured where it lands

    #expect(printed.all == ["M(1,2→1,0) C(1,2)"])
}
