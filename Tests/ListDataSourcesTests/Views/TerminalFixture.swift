import DiffableSnapshots
import ListDataSources

/// A clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = TestLock()
    private var time = Duration.zero

    var now: Duration { lock.withLock { time } }
    func advance(by duration: Duration) { lock.withLock { time += duration } }
}

/// A terminal list view drawing into a screen buffer, on a manual clock, with its data source.
struct TerminalFixture {
    let screen: TerminalScreen
    let clock = ManualClock()
    let view: TerminalListView<String, Int>
    let dataSource: DiffableDataSource<String, Int>
    let asked = AskedCells()

    /// Records which items the cell provider was asked for.
    final class AskedCells: @unchecked Sendable {
        private let lock = TestLock()
        private var items: [Int] = []
        func append(_ item: Int) { lock.withLock { items.append(item) } }
        var all: [Int] { lock.withLock { items } }
        func reset() { lock.withLock { items = [] } }
    }

    init(columns: Int = 24, rows: Int = 8, showsStatusLine: Bool = true) {
        let size = TerminalSize(columns: columns, rows: rows)
        screen = TerminalScreen(size: size)
        let clock = clock
        view = TerminalListView(
            size: size, output: screen, markDuration: .seconds(1), showsStatusLine: showsStatusLine, clock: { clock.now }
        )
        let asked = asked
        dataSource = DiffableDataSource(view: view) { _, _, item in
            asked.append(item)
            return TerminalCell("item \(item)", detail: item >= 100 ? "new" : "")
        }
    }

    /// The screen's rows as text, each padded to the screen's width with `·` for readability
    /// of expected screens.
    var lines: [String] { screen.lines }
}
