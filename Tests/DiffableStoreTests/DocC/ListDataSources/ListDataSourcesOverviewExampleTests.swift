// Guards the example of the ListDataSources module page:
// Sources/ListDataSources/Documentation.docc/ListDataSources.md.
import DiffableStore
import Testing

/// The overview's example, verbatim apart from its import (the file's) and the view's output, a
/// screen instead of the terminal; the test supplies the titles and scores, and checks the
/// second apply's update as the data source's diff.
@Test func theOverviewReloadsThenAppliesOneBatchUpdate() async throws {
    let screen = TerminalScreen(size: TerminalSize(columns: 80, rows: 24))
    let titles = [1: "Lions – Tigers", 2: "Bears – Wolves", 3: "Owls – Hawks", 4: "Foxes – Hounds"]
    let scores = [1: "1:0", 2: "0:0"]

    let view = TerminalListView<String, Int>(size: TerminalSize(columns: 80, rows: 24), output: screen)
    let dataSource = DiffableDataSource(view: view) { _, _, matchID in
        TerminalCell(titles[matchID] ?? "?", detail: scores[matchID] ?? "")
    }

    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["Live"])
    snapshot.appendItems([1, 2, 3])
    #expect(try await dataSource.apply(snapshot) == .reloadData)        // reloads the view
    let first = snapshot

    snapshot.appendItems([4])
    snapshot.reconfigureItems([2])
    #expect(try await dataSource.apply(snapshot) == .diff)              // one batch update: I(0,3) C(0,1)

    #expect(BatchUpdate(from: first, to: snapshot).description == "I(0,3) C(0,1)")
    #expect(screen.lines[4].hasPrefix(" + Foxes – Hounds"))
}
