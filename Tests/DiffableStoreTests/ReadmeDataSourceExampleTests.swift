import DiffableStore
import Foundation
import Testing

/// The README's data source example, with the terminal and the log captured instead of printed.
@Test func theReadmeDataSourceExampleHolds() async throws {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["Live", "Upcoming"])
    snapshot.appendItems([1, 2, 3], toSection: "Live")
    snapshot.appendItems([4, 5])
    var next = snapshot
    next.deleteItems([2])
    next.moveItem(5, beforeItem: 1)
    next.reconfigureItems([3])
    let update = BatchUpdate(from: snapshot, to: next)

    let lines = LogLines()
    let size = TerminalSize(columns: 80, rows: 24)
    let screen = TerminalScreen(size: size)
    let view = TerminalListView<String, Int>(size: size, output: screen)
    let dataSource = DiffableDataSource(view: UpdateLog(view) { lines.append($0) }) { _, _, item in
        TerminalCell("match \(item)")
    }
    try await dataSource.apply(snapshot)
    #expect(try await dataSource.apply(next, using: update, from: snapshot) == .knownUpdate)
    #expect(lines.all == ["reload (2 sections, 5 items)", "D(0,1) M(1,1→0,0) C(0,2)"])
    #expect(screen.lines.prefix(5) == ["Live                                                                           3", " ~ match 5", "   match 1", " * match 3", "Upcoming                                                                       1"])
}
