import DiffableSnapshots
import ListDataSources
import TestSupport
import DiffableSupport

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let time = Locked(Duration.zero)

    var now: Duration { time.value }
    func advance(by duration: Duration) { time.withLock { $0 += duration } }
}

/// A terminal list view drawing into a screen buffer, on a manual clock, with its data source.
struct TerminalFixture {
    let screen: TerminalScreen
    let clock = ManualClock()
    let view: TerminalListView<String, Int>
    let dataSource: DiffableDataSource<String, Int>
    /// Which items the cell provider was asked for.
    let asked = Recorder<Int>()

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
