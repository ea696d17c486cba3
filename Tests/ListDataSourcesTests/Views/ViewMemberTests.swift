import DiffableSnapshots
import ListDataSources
import TestSupport
import Testing

/// Members of the view types that the scenarios elsewhere do not reach.
@Suite("View members")
struct ViewMemberTests {
    @Test("a view can be driven without a data source, through contents and updates made by hand")
    func drivingAViewByHand() throws {
        let view = HeadlessListView<String, Int, String>(supplementaryKinds: ["footer"])
        let first = makeSnapshot(["A": [1, 2]])
        try view.reloadData(ListViewContent(snapshot: first, cellProvider: { _, item in "cell \(item)" }, supplementaryProvider: { kind, _, section in "\(kind) of \(section)" }))
        #expect(view.cell(for: 2) == "cell 2")
        #expect(view.supplementary(ofKind: "footer", inSection: "A") == "footer of A")

        let second = makeSnapshot(["A": [2, 3]])
        let update = ListViewUpdate<HeadlessListView<String, Int, String>>(
            batchUpdate: BatchUpdate(from: first, to: second),
            oldSnapshot: first,
            content: ListViewContent(snapshot: second) { _, item in "new \(item)" }
        )
        #expect(update.oldItemIdentifier(at: ItemPath(section: 0, item: 0)) == 1)
        #expect(update.content.itemIdentifier(at: ItemPath(section: 0, item: 1)) == 3)
        #expect(update.animatingDifferences)
        try view.performBatchUpdates(update)
        #expect(view.cell(for: 3) == "new 3")
        #expect(view.cell(for: 2) == "cell 2")

        // An update that does not start from what the view shows is rejected and recorded.
        #expect(throws: BatchUpdateError.self) { try view.performBatchUpdates(update) }
        #expect(view.invalidUpdateCount == 1)
        guard case .rejectedUpdate = view.history.last else {
            Issue.record("the rejection was not recorded")
            return
        }
        #expect(view.history.count == 3)
        view.removeHistory()
        #expect(view.history.isEmpty)
        #expect(view.reloadCount == 1 && view.batchUpdateCount == 1 && view.invalidUpdateCount == 1)
    }

    @Test("redraw clears the terminal and draws every row again")
    func redrawWritesEverything() async throws {
        let terminal = TerminalFixture()
        try await terminal.dataSource.apply(makeSnapshot(["Live": [1, 2]]))
        let drawn = terminal.lines
        terminal.view.refresh()
        let before = terminal.screen.bytesWritten
        terminal.view.refresh()
        #expect(terminal.screen.bytesWritten == before)
        terminal.view.redraw()
        #expect(terminal.screen.bytesWritten - before > 8 * 24)
        #expect(terminal.lines == drawn)
    }

    @Test("sizes clamp negative values; cells read from string literals")
    func sizesAndCells() {
        let size = TerminalSize(columns: -3, rows: 5)
        #expect(size.columns == 0)
        #expect("\(TerminalSize(columns: 80, rows: 24))" == "80×24")
        let cell: TerminalCell = "Tennis"
        #expect(cell == TerminalCell("Tennis", detail: ""))
    }

    @Test("the system clock moves forward")
    func systemClockMovesForward() {
        let clock = TerminalListView<String, Int>.systemClock()
        let first = clock()
        #expect(clock() >= first)
    }
}
