// Guards the example in the documentation comment of `UpdateLog`:
// Sources/ListDataSources/Views/UpdateLog/UpdateLog.swift.
import DiffableStore
import Testing

@Suite struct UpdateLogExampleTests {
    /// `UpdateLog`'s example (UpdateLog.swift), verbatim apart from the wrapped view's output, a
    /// screen instead of the terminal; the test supplies the size, the log pane, and snapshots
    /// whose change is the one the comment shows.
    @Test func eachApplyIsLoggedAsWhatTheViewDid() async throws {
        let size = TerminalSize(columns: 80, rows: 24)
        let logPane = LogLines()
        let (first, second) = loggedChange()

        let log = UpdateLog(TerminalListView<String, Int>(size: size, output: TerminalScreen(size: size))) { line in logPane.append(line) }
        let dataSource = DiffableDataSource(view: log) { _, _, item in TerminalCell("match \(item)") }
        try await dataSource.apply(first)   // reload (3 sections, 40 items)
        try await dataSource.apply(second)  // D(0,3) I(1,2) M(0,1→2,0) C(1,5)

        #expect(logPane.all == ["reload (3 sections, 40 items)", "D(0,3) I(1,2) M(0,1→2,0) C(1,5)"])
    }
}
