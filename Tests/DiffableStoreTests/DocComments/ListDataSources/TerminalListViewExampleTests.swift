// Guards the examples in the documentation comments of `TerminalListView`, `TerminalCell` and
// `TerminalScreen`: Sources/ListDataSources/Views/Terminal/TerminalListView.swift,
// TerminalCell.swift and TerminalScreen.swift.
import DiffableStore
import Testing

@Suite struct TerminalListViewExampleTests {
    /// A match as the examples read it.
    struct Match {
        var title: String
        var score: String
    }

    /// The drawing of `TerminalListView`'s documentation (TerminalListView.swift), on a screen
    /// of its size: a section of four matches, the last three inserted, updated and moved.
    @Test func theDrawingShowsHeadersRowsMarksAndTheStatusLine() async throws {
        let screen = TerminalScreen(size: TerminalSize(columns: 40, rows: 6))
        let view = TerminalListView<String, String>(size: screen.size, output: screen, clock: { .zero })
        let details = ["Arsenal – Chelsea": "2:1", "Porto – Benfica": "0:0", "Milan – Inter": "1:1", "Ajax – PSV": "3:0"]
        let dataSource = DiffableDataSource(view: view) { _, _, title in TerminalCell(title, detail: details[title] ?? "") }
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Live"])
        snapshot.appendItems(["Ajax – PSV", "Arsenal – Chelsea", "Milan – Inter"])
        try await dataSource.apply(snapshot)
        var next = DiffableDataSourceSnapshot<String, String>()
        next.appendSections(["Live"])
        next.appendItems(["Arsenal – Chelsea", "Porto – Benfica", "Milan – Inter", "Ajax – PSV"])
        next.reconfigureItems(["Milan – Inter"])
        try await dataSource.apply(next)
        #expect(screen.lines == [
            "Live                                   4",
            "   Arsenal – Chelsea                 2:1",
            " + Porto – Benfica                   0:0",
            " * Milan – Inter                     1:1",
            " ~ Ajax – PSV                        3:0",
            " 1-4 of 4",
        ])
    }

    /// `TerminalListView`'s example (TerminalListView.swift), verbatim apart from the view's
    /// output, a screen instead of the terminal; the test supplies the matches and the snapshot.
    @Test func aTerminalViewDrawsSelectsAndRefreshes() async throws {
        let screen = TerminalScreen(size: TerminalSize(columns: 80, rows: 24))
        let matches = [Match(title: "Lions – Tigers", score: "1:0"), Match(title: "Bears – Wolves", score: "0:0")]
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Live"])
        snapshot.appendItems([0, 1])

        let view = TerminalListView<String, Int>(size: TerminalSize(columns: 80, rows: 24), output: screen)
        let dataSource = DiffableDataSource(view: view) { _, _, id in
            TerminalCell(matches[id].title, detail: matches[id].score)
        }
        try await dataSource.apply(snapshot)  // drawn at once
        #expect(screen.lines[1].hasPrefix("   Lions – Tigers"))
        view.moveSelection(by: 1)
        view.refresh()                        // call now and then to let marks fade

        #expect(view.snapshot == snapshot)
    }

    /// `TerminalCell`'s example (TerminalCell.swift), verbatim.
    @Test func aCellHasTextAndAnOptionalDetail() {
        let match = TerminalCell("Arsenal – Chelsea", detail: "2:1")
        let plain: TerminalCell = "Tennis"

        #expect(match.text == "Arsenal – Chelsea" && match.detail == "2:1")
        #expect(plain.text == "Tennis" && plain.detail.isEmpty)
    }

    /// `TerminalScreen`'s example (TerminalScreen.swift), verbatim apart from its placeholder
    /// comment, where the test applies a snapshot, with `print` captured.
    @Test func aScreenReadsBackWhatTheViewDrew() async throws {
        let printed = LogLines()
        func print(_ items: Any...) { printed.record(items) }

        let screen = TerminalScreen(size: TerminalSize(columns: 40, rows: 10))
        let view = TerminalListView<String, Int>(size: screen.size, output: screen)
        let dataSource = DiffableDataSource(view: view) { _, _, item in TerminalCell("match \(item)") }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Live"])
        snapshot.appendItems([1])
        try await dataSource.apply(snapshot)
        print(screen.lines.joined(separator: "\n"))

        #expect(printed.all == ["Live                                   1\n   match 1\n\n\n\n\n\n\n\n 1-1 of 1"])
    }
}
