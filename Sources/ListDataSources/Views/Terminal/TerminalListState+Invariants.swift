extension TerminalListState {
    /// Traps when the state contradicts itself; compiled out of release builds.
    func checkInvariants() {
        #if DEBUG
            precondition(layout.itemCount == snapshot.numberOfItems, "the layout counts \(layout.itemCount) items, the snapshot \(snapshot.numberOfItems)")
            precondition(topLine >= 0 && topLine <= max(0, layout.lineCount - listRows), "top line \(topLine) out of bounds")
            precondition(selection.map { snapshot.indexOfItem($0) != nil } ?? true, "the selection is not in the snapshot")
            precondition(screen.map { $0.count == size.rows } ?? true, "the screen kept has \(screen?.count ?? 0) rows, not \(size.rows)")
            precondition(visibleItemPaths.allSatisfy { cells[snapshot.listItem(at: $0)!] != nil }, "a row on screen has no cell")
        #endif
    }
}
