// Guards the examples of the ListDataSources getting-started article:
// Sources/ListDataSources/Documentation.docc/GettingStarted.md.
import DiffableStore
import Testing

@Suite struct ListDataSourcesGettingStartedExampleTests {
    /// A match as the examples read it.
    struct Match {
        var title: String
        var score: String
    }

    /// A logger's stand-in: the warnings it was given.
    struct Log {
        let lines = LogLines()
        func warning(_ message: String) { lines.append(message) }
    }

    /// Live, with matches 1 to 3, and Upcoming, with match 4.
    func liveAndUpcoming() -> DiffableDataSourceSnapshot<String, Int> {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Live", "Upcoming"])
        snapshot.appendItems([1, 2, 3], toSection: "Live")
        snapshot.appendItems([4], toSection: "Upcoming")
        return snapshot
    }

    /// "Create a view and a data source", then "Apply snapshots", "Apply the updates you
    /// already have" and "Handle errors", verbatim apart from the view's output, a screen
    /// instead of the terminal; the test supplies the matches, the first snapshot, the
    /// identifiers, the known update, and the logger.
    @Test func aDataSourceAppliesSnapshotsKnownUpdatesAndReportsAMissingCell() async throws {
        let screen = TerminalScreen(size: TerminalSize(columns: 80, rows: 24))
        let matches = [1: Match(title: "Lions – Tigers", score: "0:0"), 2: Match(title: "Bears – Wolves", score: "1:1"),
                       3: Match(title: "Owls – Hawks", score: "2:0"), 4: Match(title: "Foxes – Hounds", score: "-")]
        let (finishedID, scoredID) = (1, 2)
        let log = Log()

        let view = TerminalListView<String, Int>(size: TerminalSize(columns: 80, rows: 24), output: screen)
        let dataSource = DiffableDataSource(view: view) { _, _, matchID in
            guard let match = matches[matchID] else { return nil }  // nil: the apply fails, nothing changes
            return TerminalCell(match.title, detail: match.score)
        }

        try await dataSource.apply(liveAndUpcoming())

        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([finishedID])
        snapshot.reconfigureItems([scoredID])
        try await dataSource.apply(snapshot)

        #expect(dataSource.snapshot().itemIdentifiers == [2, 3, 4])
        let previous = dataSource.snapshot()
        var next = previous
        next.moveItem(4, beforeItem: 2)
        let update = BatchUpdate(from: previous, to: next)

        #expect(try await dataSource.apply(next, using: update, from: previous) == .knownUpdate)

        snapshot = next
        snapshot.appendItems([99])
        do {
            try await dataSource.apply(snapshot)
        } catch {
            log.warning("\(error)")  // what failed, where, what to do
        }

        #expect(log.lines.all.count == 1 && log.lines.all[0].contains("99"))
        #expect(dataSource.snapshot() == next)
    }

    /// The supplementary view provider of "Create a view and a data source", verbatim apart from
    /// the view's output, a screen instead of the terminal; the test supplies the matches.
    @Test func headersComeFromTheSupplementaryViewProvider() async throws {
        let screen = TerminalScreen(size: TerminalSize(columns: 80, rows: 24))
        let matches = [1: Match(title: "Lions – Tigers", score: "0:0"), 2: Match(title: "Bears – Wolves", score: "1:1"),
                       3: Match(title: "Owls – Hawks", score: "2:0"), 4: Match(title: "Foxes – Hounds", score: "-")]
        let view = TerminalListView<String, Int>(size: TerminalSize(columns: 80, rows: 24), output: screen)

        let dataSource = DiffableDataSource(
            view: view,
            cellProvider: { _, _, matchID in TerminalCell(matches[matchID]!.title) },
            supplementaryViewProvider: { _, kind, _, sport in TerminalCell(sport, detail: "live") }
        )

        try await dataSource.apply(liveAndUpcoming())
        #expect(screen.lines[0].hasPrefix("Live") && screen.lines[0].hasSuffix("live"))
    }

    /// "See what each apply did", verbatim apart from the log's lines, captured instead of
    /// printed; the test supplies the view and snapshots whose change is the one shown.
    @Test func anUpdateLogWritesOneLinePerApply() async throws {
        let lines = LogLines()
        let view = HeadlessListView<String, Int, TerminalCell>()
        let (first, second) = loggedChange()

        let log = UpdateLog(view) { lines.append($0) }
        let dataSource = DiffableDataSource(view: log) { _, _, id in TerminalCell("\(id)") }
        try await dataSource.apply(first)    // prints: reload (3 sections, 40 items)
        try await dataSource.apply(second)   // prints: D(0,3) I(1,2) M(0,1→2,0) C(1,5)

        #expect(lines.all == ["reload (3 sections, 40 items)", "D(0,3) I(1,2) M(0,1→2,0) C(1,5)"])
    }

    /// "Test with the headless view", verbatim; the test supplies the snapshot.
    @Test func aHeadlessViewShowsTheSnapshotApplied() async throws {
        let snapshot = liveAndUpcoming()

        let view = HeadlessListView<String, Int, String>()
        let dataSource = DiffableDataSource(view: view) { _, _, id in "row \(id)" }
        try await dataSource.apply(snapshot)
        #expect(view.snapshot.itemIdentifiers == snapshot.itemIdentifiers)
        #expect(view.invalidUpdateCount == 0)
    }
}
