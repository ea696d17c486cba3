public import DiffableSnapshots
import DiffableSupport

/// A list view that draws its sections and rows in a terminal with ANSI escape sequences.
///
/// Each section shows a header line (bold, underlined) and one line per item; the last row of
/// the screen is a status line. Rows that an update inserts, moves or updates (reloads or
/// reconfigures) are marked for a short time, by a sign before them and a colour: `+` and green
/// for an inserted row, `*` and yellow for an updated one, `~` and cyan for a moved one.
///
/// ```
/// Live                                   4
///    Arsenal – Chelsea                 2:1
///  + Porto – Benfica                   0:0
///  * Milan – Inter                     1:1
///  ~ Ajax – PSV                        3:0
///  1-4 of 4
/// ```
///
/// The view scrolls (``scroll(by:)``, ``pageDown()``), follows a selection (``select(_:)``,
/// ``moveSelection(by:)``) and handles resizing (``resize(to:)``). Through updates, the rows on
/// screen keep their place: the selected row if it is on screen, else the top row, unless the
/// list is scrolled to its top, where new rows come in above.
///
/// ```swift
/// let view = TerminalListView<String, Int>(size: TerminalSize(columns: 80, rows: 24))
/// let dataSource = DiffableDataSource(view: view) { _, _, id in
///     TerminalCell(matches[id].title, detail: matches[id].score)
/// }
/// try await dataSource.apply(snapshot)  // drawn at once
/// view.moveSelection(by: 1)
/// view.refresh()                        // call now and then to let marks fade
/// ```
///
/// ### Drawing cost
/// The view keeps what the terminal shows, row by row, and writes only the rows that changed, so
/// an update costs time proportional to the rows on screen, plus the size of the update, plus
/// the number of sections — never the number of items. It asks for cells only for rows on screen
/// that are new or changed, and headers from the supplementary view provider (kind
/// ``headerKind``; by default a section shows its identifier and its item count).
///
/// ### Testing and embedding
/// Give the view a ``TerminalScreen`` as its output to read what it drew, and a clock to control
/// how long marks last. All members can be used from any thread.
///
/// ## Topics
///
/// ### Creating a view
/// - ``init(size:output:markDuration:showsStatusLine:clock:)``
/// - ``TerminalSize``
/// - ``TerminalCell``
/// - ``TerminalOutput``
/// - ``TerminalScreen``
/// - ``headerKind``
///
/// ### Moving around
/// - ``scroll(by:)``
/// - ``scroll(toLine:)``
/// - ``pageUp()``
/// - ``pageDown()``
/// - ``topLine``
/// - ``select(_:)``
/// - ``moveSelection(by:)``
/// - ``selectedItem``
///
/// ### Drawing
/// - ``resize(to:)``
/// - ``refresh()``
/// - ``redraw()``
/// - ``size``
/// - ``snapshot``
public final class TerminalListView<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: ListView {
    /// A row's text and detail.
    public typealias Cell = TerminalCell
    /// A section header's text and detail.
    public typealias Supplementary = TerminalCell

    /// The kind of supplementary view the view asks for as a section's header.
    public static var headerKind: String { "header" }

    private let state: Locked<TerminalListState<SectionIdentifierType, ItemIdentifierType>>
    private let output: any TerminalOutput
    private let clock: @Sendable () -> Duration

    /// Creates an empty view that draws into `output`.
    ///
    /// Nothing is drawn until the data source's first apply.
    ///
    /// - Parameters:
    ///   - size: The size of the screen (or of the pane) to draw in.
    ///   - output: Where to write; the process's standard output by default.
    ///   - markDuration: How long inserted, moved and updated rows stay marked.
    ///   - showsStatusLine: Whether the last row shows which items are on screen.
    ///   - clock: The time now, from any fixed origin; a test passes its own to control marks.
    public init(
        size: TerminalSize,
        output: any TerminalOutput = StandardTerminalOutput(),
        markDuration: Duration = .milliseconds(1_500),
        showsStatusLine: Bool = true,
        clock: @escaping @Sendable () -> Duration = TerminalListView.systemClock()
    ) {
        state = Locked(TerminalListState(size: size, showsStatusLine: showsStatusLine, markDuration: markDuration))
        self.output = output
        self.clock = clock
    }

    /// A clock reading the time elapsed since it was made.
    public static func systemClock() -> @Sendable () -> Duration {
        let start = ContinuousClock.now
        return { ContinuousClock.now - start }
    }

    // MARK: ListView

    /// Shows `content` and draws it.
    public func reloadData(_ content: ListViewContent<TerminalListView>) throws {
        try drawing { state, _ throws(DiffableDataSourceError) in try state.reload(content) }
    }

    /// Performs `update` and draws the rows that changed.
    public func performBatchUpdates(_ update: ListViewUpdate<TerminalListView>) throws {
        try drawing { state, now throws(DiffableDataSourceError) in try state.perform(update, at: now) }
    }

    /// The paths of the items on screen.
    public var indexPathsForVisibleItems: [ItemPath] {
        state.withLock { $0.visibleItemPaths }
    }

    // MARK: Reading

    /// The snapshot the view shows.
    public var snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        state.withLock { $0.snapshot }
    }

    /// The size the view draws in.
    public var size: TerminalSize {
        state.withLock { $0.size }
    }

    /// The first line of the list on screen (section headers count as lines).
    public var topLine: Int {
        state.withLock { $0.topLine }
    }

    /// The selected item, if any.
    public var selectedItem: ItemIdentifierType? {
        state.withLock { $0.selection }
    }

    // MARK: Moving around

    /// Scrolls by `lines` (down when positive), as far as the list allows, and draws.
    public func scroll(by lines: Int) {
        draw { $0.scroll(toLine: $0.topLine + lines) }
    }

    /// Scrolls so that `line` is the first line on screen, as far as the list allows, and draws.
    public func scroll(toLine line: Int) {
        draw { $0.scroll(toLine: line) }
    }

    /// Scrolls up by a screenful, and draws.
    public func pageUp() {
        draw { $0.scroll(toLine: $0.topLine - max(1, $0.listRows - 1)) }
    }

    /// Scrolls down by a screenful, and draws.
    public func pageDown() {
        draw { $0.scroll(toLine: $0.topLine + max(1, $0.listRows - 1)) }
    }

    /// Selects `item` (or nothing, with `nil`), scrolls as little as needed to show it, and
    /// draws. An item the view does not show selects nothing.
    ///
    /// Through updates the selected row keeps its place on screen; when its item is deleted, the
    /// item that takes its place is selected.
    public func select(_ item: ItemIdentifierType?) {
        draw { $0.select(item) }
    }

    /// Moves the selection by `offset` items, across sections, and draws; selects the first item
    /// on screen when nothing is selected.
    public func moveSelection(by offset: Int) {
        draw { $0.moveSelection(by: offset) }
    }

    // MARK: Drawing

    /// Draws in a screen of a new size: the selected row stays on screen, and everything is
    /// drawn again.
    public func resize(to size: TerminalSize) {
        draw { $0.resize(to: size) }
    }

    /// Draws what changed since the last drawing, such as marks that expired: call it now and
    /// then (every tenth of a second, say) while marks are shown.
    public func refresh() {
        draw { _ in }
    }

    /// Clears the terminal and draws everything again.
    public func redraw() {
        draw { $0.screen = nil }
    }

    private func draw(_ change: (inout TerminalListState<SectionIdentifierType, ItemIdentifierType>) -> Void) {
        drawing { state, _ in change(&state) }
    }

    /// Changes the state, then writes what changed on screen, all under the lock so that what
    /// is written keeps the order of the changes.
    private func drawing<Failure: Error>(
        _ change: (inout TerminalListState<SectionIdentifierType, ItemIdentifierType>, Duration) throws(Failure) -> Void
    ) throws(Failure) {
        let now = clock()
        try state.withLock { (state) throws(Failure) in
            try change(&state, now)
            let text = state.render(at: now)
            state.checkInvariants()
            if !text.isEmpty { output.write(text) }
        }
    }
}
