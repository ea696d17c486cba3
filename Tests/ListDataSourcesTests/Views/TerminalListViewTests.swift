import DiffableSnapshots
import ListDataSources
import TestSupport
import Testing

@Suite("Terminal list view")
struct TerminalListViewTests {
    static let matches = makeSnapshot(["Live": [1, 2, 3], "Soon": [4, 5, 6, 7, 8]])

    @Test("the first apply draws headers, rows and the status line")
    func firstApplyDrawsTheList() async throws {
        let terminal = TerminalFixture()
        try await terminal.dataSource.apply(Self.matches)
        #expect(terminal.lines == [
            "Live                   3",
            "   item 1",
            "   item 2",
            "   item 3",
            "Soon                   5",
            "   item 4",
            "   item 5",
            " 1-5 of 8",
        ])
        #expect(terminal.screen.style(row: 0, column: 0) == TerminalStyle(isBold: true, isUnderlined: true))
        #expect(terminal.screen.style(row: 7, column: 20) == TerminalStyle(isReversed: true))
        #expect(terminal.view.indexPathsForVisibleItems == [
            ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2),
            ItemPath(section: 1, item: 0), ItemPath(section: 1, item: 1),
        ])
    }

    @Test("inserted, updated and moved rows are marked, then unmarked once their time is up")
    func changedRowsAreMarkedForAWhile() async throws {
        let terminal = TerminalFixture()
        try await terminal.dataSource.apply(Self.matches)
        var next = Self.matches
        next.insertItems([100], beforeItem: 2)
        next.reconfigureItems([3])
        next.moveItem(5, beforeItem: 1)
        try await terminal.dataSource.apply(next)
        #expect(terminal.lines == [
            "Live                   5",
            " ~ item 5",
            "   item 1",
            " + item 100          new",
            "   item 2",
            " * item 3",
            "Soon                   4",
            " 1-5 of 9",
        ])
        #expect(terminal.screen.style(row: 1, column: 3).color == .cyan)
        #expect(terminal.screen.style(row: 3, column: 3).color == .green)
        #expect(terminal.screen.style(row: 5, column: 3).color == .yellow)
        #expect(terminal.screen.style(row: 2, column: 3).color == nil)

        terminal.clock.advance(by: .milliseconds(999))
        terminal.view.refresh()
        #expect(terminal.lines[3] == " + item 100          new")
        terminal.clock.advance(by: .milliseconds(1))
        terminal.view.refresh()
        #expect(terminal.lines[1...5] == ["   item 5", "   item 1", "   item 100          new", "   item 2", "   item 3"])
        #expect(terminal.screen.style(row: 3, column: 3).color == nil)
    }

    @Test("an apply without animation marks nothing")
    func unanimatedApplyMarksNothing() async throws {
        let terminal = TerminalFixture()
        try await terminal.dataSource.apply(Self.matches)
        var next = Self.matches
        next.insertItems([100], beforeItem: 1)
        try await terminal.dataSource.apply(next, animatingDifferences: false)
        #expect(terminal.lines[1] == "   item 100          new")
    }

    @Test("inserted and reloaded sections mark their rows")
    func sectionChangesMarkTheirRows() async throws {
        let terminal = TerminalFixture()
        try await terminal.dataSource.apply(makeSnapshot(["Live": [1, 2]]))
        var next = makeSnapshot(["New": [100], "Live": [1, 2]])
        next.reloadSections(["Live"])
        try await terminal.dataSource.apply(next)
        #expect(terminal.lines.prefix(6) == ["New                    1", " + item 100          new", "Live                   2", " * item 1", " * item 2", ""])
        #expect(terminal.screen.style(row: 0, column: 0).color == .green)
    }

    @Test("an empty section shows its header only; scrolling starts at any line")
    func emptySectionsAndScrollingMidSection() async throws {
        let terminal = TerminalFixture(rows: 5)
        try await terminal.dataSource.apply(makeSnapshot(["A": [1, 2], "Empty": [], "B": [3, 4, 5]]))
        #expect(terminal.lines == ["A                      2", "   item 1", "   item 2", "Empty                  0", " 1-2 of 5"])
        terminal.view.scroll(by: 2)
        #expect(terminal.lines == ["   item 2", "Empty                  0", "B                      3", "   item 3", " 2-3 of 5"])
        #expect(terminal.view.indexPathsForVisibleItems == [ItemPath(section: 0, item: 1), ItemPath(section: 2, item: 0)])
    }

    @Test("scrolling moves the list by lines and by pages, within its bounds")
    func scrolling() async throws {
        let terminal = TerminalFixture()
        try await terminal.dataSource.apply(Self.matches)
        terminal.view.scroll(by: 3)
        #expect(terminal.lines == ["   item 3", "Soon                   5", "   item 4", "   item 5", "   item 6", "   item 7", "   item 8", " 3-8 of 8"])
        terminal.view.scroll(by: 10)
        #expect(terminal.view.topLine == 3)
        terminal.view.pageUp()
        #expect(terminal.view.topLine == 0)
        terminal.view.pageDown()
        #expect(terminal.view.topLine == 3)
        terminal.view.scroll(toLine: -4)
        #expect(terminal.lines[0] == "Live                   3")
    }

    @Test("rows on screen keep their place when rows are inserted above them; at the top, new rows come in")
    func rowsKeepTheirPlace() async throws {
        let terminal = TerminalFixture()
        try await terminal.dataSource.apply(Self.matches)
        var atTop = Self.matches
        atTop.insertItems([100], beforeItem: 1)
        try await terminal.dataSource.apply(atTop)
        #expect(terminal.lines[1] == " + item 100          new")

        terminal.view.scroll(by: 4)
        #expect(terminal.lines[0] == "   item 3")
        var above = atTop
        above.insertItems([101, 102], beforeItem: 1)
        try await terminal.dataSource.apply(above)
        #expect(terminal.lines[0] == "   item 3")
        #expect(terminal.view.topLine == 6)
    }

    @Test("the selection keeps its row through updates and moves on when its item goes")
    func selectionIsFollowed() async throws {
        let terminal = TerminalFixture()
        try await terminal.dataSource.apply(Self.matches)
        terminal.view.select(5)
        #expect(terminal.lines[6] == ">  item 5")
        #expect(terminal.screen.style(row: 6, column: 1).isReversed)

        // Rows inserted above: the selected row stays on screen row 6.
        var next = Self.matches
        next.insertItems([100, 101], beforeItem: 2)
        try await terminal.dataSource.apply(next)
        #expect(terminal.lines[6] == ">  item 5")
        #expect(terminal.view.topLine == 2)

        // The selected item moves far away: the view follows it.
        next.moveItem(5, beforeItem: 1)
        try await terminal.dataSource.apply(next)
        #expect(terminal.view.selectedItem == 5)
        #expect(terminal.lines.contains(">~ item 5"))

        // The selected item is deleted: the item now in its place is selected.
        next.deleteItems([5])
        try await terminal.dataSource.apply(next)
        #expect(terminal.view.selectedItem == 1)

        terminal.view.moveSelection(by: 2)
        #expect(terminal.view.selectedItem == 101)
        terminal.view.moveSelection(by: 100)
        #expect(terminal.view.selectedItem == 8)
        terminal.view.select(nil)
        #expect(terminal.view.selectedItem == nil)
    }

    @Test("a resize draws the whole screen again and keeps the selection on it")
    func resizeRedrawsAndKeepsSelection() async throws {
        let terminal = TerminalFixture()
        try await terminal.dataSource.apply(Self.matches)
        terminal.view.select(8)
        #expect(terminal.view.topLine == 3)

        let small = TerminalSize(columns: 16, rows: 4)
        terminal.screen.resize(to: small)
        terminal.view.resize(to: small)
        #expect(terminal.view.size == small)
        #expect(terminal.lines == ["   item 6", "   item 7", ">  item 8", " 6-8 of 8"])

        let wide = TerminalSize(columns: 30, rows: 12)
        terminal.screen.resize(to: wide)
        terminal.view.resize(to: wide)
        #expect(terminal.lines == [
            "Live                         3",
            "   item 1",
            "   item 2",
            "   item 3",
            "Soon                         5",
            "   item 4",
            "   item 5",
            "   item 6",
            "   item 7",
            ">  item 8",
            "",
            " 1-8 of 8",
        ])
    }

    @Test("an update off screen redraws only the status line and asks for no cell")
    func drawingCostFollowsTheScreen() async throws {
        let terminal = TerminalFixture(columns: 30, rows: 10)
        let large = makeSnapshot(["All": Array(0..<10_000)])
        try await terminal.dataSource.apply(large)
        #expect(terminal.asked.values == Array(0..<8))
        terminal.asked.removeAll()
        let written = terminal.screen.bytesWritten

        var next = large
        next.deleteItems([5_000, 7_000])
        next.insertItems([100_000], beforeItem: 9_000)
        next.reconfigureItems([9_500])
        try await terminal.dataSource.apply(next, using: BatchUpdate(from: large, to: next), from: large)
        #expect(terminal.asked.values.isEmpty)
        // The header's count and the status line changed; nothing else is written.
        let perLine = 30 + 24
        #expect(terminal.screen.bytesWritten - written <= 2 * perLine)
        #expect(terminal.lines[0] == "All                       9999")
        #expect(terminal.lines[9] == " 1-8 of 9999")

        // A change on screen asks for that cell only and redraws that row (and the header).
        terminal.asked.removeAll()
        var onScreen = next
        onScreen.reconfigureItems([3])
        let before = terminal.screen.bytesWritten
        try await terminal.dataSource.apply(onScreen)
        #expect(terminal.asked.values == [3])
        #expect(terminal.screen.bytesWritten - before <= perLine)
    }

    @Test("headers come from the supplementary view provider; long text is cut, details kept")
    func headersAndFitting() async throws {
        let screen = TerminalScreen(size: TerminalSize(columns: 20, rows: 4))
        let view = TerminalListView<String, Int>(size: screen.size, output: screen, showsStatusLine: false)
        let dataSource = DiffableDataSource(
            view: view,
            cellProvider: { _, _, item in TerminalCell("a very long match title \(item)", detail: "2:1") },
            supplementaryViewProvider: { _, kind, _, section in
                kind == TerminalListView<String, Int>.headerKind ? TerminalCell("▸ \(section)") : nil
            }
        )
        try await dataSource.apply(makeSnapshot(["Live": [1]]))
        #expect(screen.lines == ["▸ Live", "   a very long…  2:1", "", ""])
    }

    @Test("a cell that fails while scrolling shows its error in its row")
    func failingCellWhileScrolling() async throws {
        let screen = TerminalScreen(size: TerminalSize(columns: 40, rows: 3))
        let view = TerminalListView<String, Int>(size: screen.size, output: screen, showsStatusLine: false)
        let dataSource = DiffableDataSource(view: view) { _, _, item in
            if item == 9 { throw CellFailure(item: item) }
            return TerminalCell("item \(item)")
        }
        try await dataSource.apply(makeSnapshot(["A": Array(0..<10)]))
        view.scroll(by: 20)
        #expect(screen.lines[2].hasPrefix("   ! The cell provider failed for item"))
    }
}
