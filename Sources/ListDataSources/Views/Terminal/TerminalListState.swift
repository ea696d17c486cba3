import DiffableSnapshots

/// Everything a ``TerminalListView`` shows and remembers, and the changes it goes through; the
/// view guards it with a lock and writes out what ``render(at:)`` returns.
struct TerminalListState<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    typealias View = TerminalListView<SectionIdentifierType, ItemIdentifierType>
    typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    var size: TerminalSize
    let showsStatusLine: Bool
    let markDuration: Duration

    /// The content shown, kept to make cells for rows scrolled to; `nil` before the first reload.
    var content: ListViewContent<View>?
    var layout = ListLayout()
    /// The first line of the list on screen.
    var topLine = 0
    var selection: ItemIdentifierType?
    /// Cells and headers of what is on screen.
    var cells: [ItemIdentifierType: TerminalCell] = [:]
    var headers: [SectionIdentifierType: TerminalCell] = [:]
    var itemMarks = MarkBook<ItemIdentifierType>()
    var sectionMarks = MarkBook<SectionIdentifierType>()
    /// What the terminal shows, row by row; `nil` when it must be drawn whole.
    var screen: [TerminalLine]?

    init(size: TerminalSize, showsStatusLine: Bool, markDuration: Duration) {
        self.size = size
        self.showsStatusLine = showsStatusLine
        self.markDuration = markDuration
    }

    var snapshot: Snapshot { content?.snapshot ?? Snapshot() }

    /// The rows of the screen that show the list.
    var listRows: Int { max(0, size.rows - (showsStatusLine ? 1 : 0)) }

    /// The lines of the list on screen.
    var visibleLines: Range<Int> {
        topLine..<min(layout.lineCount, topLine + listRows)
    }

    /// What the lines on screen show.
    var visibleRows: [ListRow<SectionIdentifierType, ItemIdentifierType>] {
        layout.rows(of: snapshot, lines: visibleLines)
    }

    /// The items on screen, in order.
    var visibleItemPaths: [ItemPath] {
        visibleRows.compactMap { row in
            if case .item(let path, _, _) = row { path } else { nil }
        }
    }

    // MARK: Updates

    /// Shows `content` from scratch: marks are dropped; the selection stays if the item does.
    mutating func reload(_ content: ListViewContent<View>) throws(DiffableDataSourceError) {
        let snapshot = content.snapshot
        let layout = ListLayout(snapshot)
        let selection = selection.flatMap { snapshot.indexOfItem($0) == nil ? nil : $0 }
        let topLine = placed(topLine, showing: selection, in: snapshot, layout)
        let (cells, headers) = try cellsOnScreen(content, layout, topLine: topLine, reusable: { _, _ in false })
        self.content = content
        self.layout = layout
        self.topLine = topLine
        self.selection = selection
        self.cells = cells
        self.headers = headers
        itemMarks.removeAll()
        sectionMarks.removeAll()
    }

    /// Performs `update`: rows on screen stay where they are (the selected row first, else the
    /// top row, unless the list is scrolled to its top), changed rows are marked, and only cells
    /// of rows on screen that changed or appear are asked for.
    mutating func perform(_ update: ListViewUpdate<View>, at now: Duration) throws(DiffableDataSourceError) {
        let old = update.oldSnapshot
        let new = update.newSnapshot
        let changes = update.batchUpdate
        let layout = ListLayout(new)

        let anchor = self.anchor()
        let selection = followedSelection(from: old, to: new, layout)
        var topLine = self.topLine
        if let anchor, let path = new.listPath(of: anchor.item) {
            topLine = layout.line(of: path) - anchor.row
        }
        topLine = placed(topLine, showing: selection, in: new, layout)

        var staleItems = Set<ItemIdentifierType>()
        for path in changes.itemInserts + changes.itemReconfigures { if let item = new.listItem(at: path) { staleItems.insert(item) } }
        for path in changes.itemReloads { if let item = old.listItem(at: path) { staleItems.insert(item) } }
        var staleSections = Set<SectionIdentifierType>()
        for index in changes.sectionInserts { if let section = new.listSection(at: index) { staleSections.insert(section) } }
        for index in changes.sectionReloads { if let section = old.listSection(at: index) { staleSections.insert(section) } }
        let (cells, headers) = try cellsOnScreen(update.content, layout, topLine: topLine) { item, section in
            !staleItems.contains(item) && !staleSections.contains(section)
        }

        content = update.content
        self.layout = layout
        self.topLine = topLine
        self.selection = selection
        self.cells = cells
        self.headers = headers
        if update.animatingDifferences {
            mark(changes, from: old, to: new, until: now + markDuration)
        }
    }

    private mutating func mark(_ changes: BatchUpdate, from old: Snapshot, to new: Snapshot, until expiry: Duration) {
        for path in changes.itemInserts { if let item = new.listItem(at: path) { itemMarks.mark(item, .inserted, until: expiry) } }
        for move in changes.itemMoves { if let item = new.listItem(at: move.to) { itemMarks.mark(item, .moved, until: expiry) } }
        for path in changes.itemReconfigures { if let item = new.listItem(at: path) { itemMarks.mark(item, .updated, until: expiry) } }
        for path in changes.itemReloads { if let item = old.listItem(at: path) { itemMarks.mark(item, .updated, until: expiry) } }
        for index in changes.sectionInserts { if let section = new.listSection(at: index) { sectionMarks.mark(section, .inserted, until: expiry) } }
        for index in changes.sectionReloads { if let section = old.listSection(at: index) { sectionMarks.mark(section, .updated, until: expiry) } }
    }

    /// The item that should keep its row through an update, and that row: the selected item
    /// when it is on screen, else the top item unless the list is at its top.
    private func anchor() -> (item: ItemIdentifierType, row: Int)? {
        let snapshot = snapshot
        if let selection, let path = snapshot.listPath(of: selection) {
            let line = layout.line(of: path)
            if visibleLines.contains(line) { return (selection, line - topLine) }
        }
        guard topLine > 0 else { return nil }
        for (row, content) in visibleRows.enumerated() {
            if case .item(_, let item, _) = content { return (item, row) }
        }
        return nil
    }

    /// The selection after an update: the same item while it is shown, else the item now at its
    /// place in the list (the next one, or the last), else none.
    private func followedSelection(from old: Snapshot, to new: Snapshot, _ layout: ListLayout) -> ItemIdentifierType? {
        guard let selection else { return nil }
        if new.indexOfItem(selection) != nil { return selection }
        guard layout.itemCount > 0, let index = old.indexOfItem(selection) else { return nil }
        return new.listItem(at: layout.path(ofItemAt: min(index, layout.itemCount - 1)))
    }

    /// `topLine` within the list's bounds, moved as little as needed to show `selection`.
    func placed(_ topLine: Int, showing selection: ItemIdentifierType?, in snapshot: Snapshot, _ layout: ListLayout) -> Int {
        var top = topLine
        if let selection, let path = snapshot.listPath(of: selection) {
            let line = layout.line(of: path)
            if line < top { top = line }
            if line >= top + listRows { top = line - listRows + 1 }
            // Show the section's header above its first item.
            if path.item == 0, top == line, line > 0 { top = line - 1 }
        }
        return min(max(0, top), max(0, layout.lineCount - listRows))
    }

    /// The cells and headers of every row on screen for the list at `topLine`: kept ones where
    /// `reusable` allows, new ones from `content` otherwise.
    ///
    /// - Throws: The first error of a provider.
    func cellsOnScreen(
        _ content: ListViewContent<View>,
        _ layout: ListLayout,
        topLine: Int,
        reusable: (ItemIdentifierType, SectionIdentifierType) -> Bool
    ) throws(DiffableDataSourceError) -> (cells: [ItemIdentifierType: TerminalCell], headers: [SectionIdentifierType: TerminalCell]) {
        var cells: [ItemIdentifierType: TerminalCell] = [:]
        var headers: [SectionIdentifierType: TerminalCell] = [:]
        for row in layout.rows(of: content.snapshot, lines: topLine..<(topLine + listRows)) {
            switch row {
            case .header(let index, let section):
                headers[section] = try header(of: index, in: content)
            case .item(let path, let item, let section):
                if reusable(item, section), let cell = self.cells[item] {
                    cells[item] = cell
                } else {
                    cells[item] = try content.cell(at: path)
                }
            }
        }
        return (cells, headers)
    }

    /// The header of section `index`: the supplementary view of kind
    /// ``TerminalListView/headerKind``, or the section's identifier and item count.
    func header(of index: Int, in content: ListViewContent<View>) throws(DiffableDataSourceError) -> TerminalCell {
        let snapshot = content.snapshot
        let section = snapshot.sectionIdentifiers[index]
        if let header = try content.supplementary(ofKind: View.headerKind, at: ItemPath(section: index, item: 0)) {
            return header
        }
        return TerminalCell(String(describing: section), detail: String(snapshot.numberOfItems(inSection: section)))
    }

    // MARK: Navigation

    /// Scrolls so that `topLine` is the first line on screen, as far as the list allows.
    mutating func scroll(toLine line: Int) {
        topLine = min(max(0, line), max(0, layout.lineCount - listRows))
        fillCellsOnScreen()
    }

    /// Selects `item` (or nothing) and scrolls as little as needed to show it.
    mutating func select(_ item: ItemIdentifierType?) {
        let snapshot = snapshot
        selection = item.flatMap { snapshot.indexOfItem($0) == nil ? nil : $0 }
        topLine = placed(topLine, showing: selection, in: snapshot, layout)
        fillCellsOnScreen()
    }

    /// Moves the selection by `offset` items (across sections), or selects the first item on
    /// screen when nothing is selected.
    mutating func moveSelection(by offset: Int) {
        let snapshot = snapshot
        guard layout.itemCount > 0 else { return }
        guard let selection, let path = snapshot.listPath(of: selection) else {
            select(visibleItemPaths.first.flatMap { snapshot.listItem(at: $0) } ?? snapshot.listItem(at: layout.path(ofItemAt: 0)))
            return
        }
        let index = min(max(0, layout.index(of: path) + offset), layout.itemCount - 1)
        select(snapshot.listItem(at: layout.path(ofItemAt: index)))
    }

    mutating func resize(to size: TerminalSize) {
        self.size = size
        screen = nil
        topLine = placed(topLine, showing: selection, in: snapshot, layout)
        fillCellsOnScreen()
    }

    /// Makes the cells and headers rows on screen lack, outside any update: a provider that fails
    /// shows its error in the row instead.
    private mutating func fillCellsOnScreen() {
        guard let content else { return }
        let rows = visibleRows
        for row in rows {
            switch row {
            case .header(let index, let section):
                if headers[section] == nil {
                    headers[section] = (try? header(of: index, in: content)) ?? TerminalCell(String(describing: section))
                }
            case .item(let path, let item, _):
                if cells[item] == nil {
                    do {
                        cells[item] = try content.cell(at: path)
                    } catch {
                        cells[item] = TerminalCell("! \(error)")
                    }
                }
            }
        }
        // Forget cells of rows long scrolled away.
        if cells.count > 2 * listRows + 16 {
            let shown = Set(rows.compactMap { row -> ItemIdentifierType? in
                if case .item(_, let item, _) = row { item } else { nil }
            })
            cells = cells.filter { shown.contains($0.key) }
        }
    }
}
