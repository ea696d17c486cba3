public import DiffableSnapshots

extension DiffableDataSource {
    /// The snapshot the view shows: the last one applied, without its reload and reconfigure
    /// marks (they asked for one apply's refresh and are spent).
    ///
    /// Edit a copy and apply it to change the list:
    ///
    /// ```swift
    /// var snapshot = dataSource.snapshot()
    /// snapshot.appendItems([newID])
    /// try await dataSource.apply(snapshot)
    /// ```
    ///
    /// - Complexity: O(1), except the first call after an apply whose snapshot carried marks:
    ///   O(*n*) to make the copy without them.
    public func snapshot() -> Snapshot {
        let (current, unmarked, version) = state.withLock { ($0.current, $0.unmarked, $0.version) }
        if let unmarked { return unmarked }
        let made = binding.withoutMarks(current)
        state.withLock { state in
            if state.version == version { state.unmarked = made }
        }
        return made
    }

    /// The identifier of the item at `indexPath` in the snapshot shown, or `nil` when there is
    /// no item there. O(1).
    public func itemIdentifier(for indexPath: ItemPath) -> ItemIdentifierType? {
        state.withLock { $0.current }.listItem(at: indexPath)
    }

    /// The path of `itemIdentifier` in the snapshot shown, or `nil` when it is not shown.
    /// O(1) on average.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> ItemPath? {
        state.withLock { $0.current }.listPath(of: itemIdentifier)
    }

    /// The identifier of the section at `index` in the snapshot shown, or `nil` when there is
    /// none. O(1).
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        state.withLock { $0.current }.listSection(at: index)
    }

    /// The index of `sectionIdentifier` in the snapshot shown, or `nil` when it is not shown.
    /// O(1) on average.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        state.withLock { $0.current }.indexOfSection(sectionIdentifier)
    }

    /// The identifiers of the items the view reports on screen
    /// (``ListView/indexPathsForVisibleItems``), in the view's order: what to prefetch first.
    ///
    /// Paths the snapshot shown does not hold (the view may be between two applies) are left out.
    ///
    /// - Complexity: O(*v*) for *v* visible items.
    public func visibleItemIdentifiers() -> [ItemIdentifierType] {
        let paths = binding.visibleIndexPaths()
        let current = state.withLock { $0.current }
        return paths.compactMap { current.listItem(at: $0) }
    }
}
