// Guards the examples in the documentation comments of `UpdateLog` and
// `BatchUpdate.logDescription`: Sources/ListDataSources/Views/UpdateLog/UpdateLog.swift and
// BatchUpdate+LogDescription.swift.
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

    /// `logDescription`'s example (BatchUpdate+LogDescription.swift), verbatim, with `print`
    /// captured; the test supplies the update the comment shows.
    @Test func theLogDescriptionListsSectionsThenItems() {
        let printed = LogLines()
        func print(_ items: Any...) { printed.record(items) }
        let update = BatchUpdate(
            sectionDeletes: [0], sectionInserts: [2], sectionMoves: [.init(from: 3, to: 1)],
            itemDeletes: [ItemPath(section: 0, item: 3)], itemInserts: [ItemPath(section: 1, item: 2)],
            itemMoves: [.init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 2, item: 0))],
            itemReloads: [ItemPath(section: 1, item: 4)], itemReconfigures: [ItemPath(section: 1, item: 5)])

        print(update.logDescription)
        // DS(0) IS(2) MS(3→1) D(0,3) I(1,2) M(0,1→2,0) R(1,4) C(1,5)

        #expect(printed.all == ["DS(0) IS(2) MS(3→1) D(0,3) I(1,2) M(0,1→2,0) R(1,4) C(1,5)"])
    }
}
