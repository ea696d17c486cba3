import DiffableStore
import Testing

/// The README's usage example, verbatim, so the README stays true.
@Test func theReadmeExampleHolds() throws {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["Live", "Upcoming"])
    snapshot.appendItems([1, 2, 3], toSection: "Live")
    snapshot.appendItems([4, 5])

    var next = snapshot
    next.deleteItems([2])
    next.moveItem(5, beforeItem: 1)
    next.reconfigureItems([3])

    let update = BatchUpdate(from: snapshot, to: next)
    #expect(update.description == "D(0,1) M(1,1→0,0) C(0,2)")
    try update.validate(from: snapshot, to: next)
}
