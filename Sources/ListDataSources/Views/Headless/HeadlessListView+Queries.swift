public import DiffableSnapshots

extension HeadlessListView {
    /// The snapshot the view shows: the last one it accepted.
    public var snapshot: Snapshot {
        state.withLock { $0.snapshot }
    }

    /// The cell the view shows for `item`, or `nil` when it does not show the item.
    public func cell(for item: ItemIdentifierType) -> Cell? {
        state.withLock { $0.cells[item] }
    }

    /// The supplementary view of kind `kind` the view shows for `section`, or `nil`.
    public func supplementary(ofKind kind: String, inSection section: SectionIdentifierType) -> Cell? {
        state.withLock { $0.supplementaries[section]?[kind] }
    }

    /// Every call the view received, oldest first (empty unless it records history).
    public var history: [Event] {
        state.withLock { $0.history }
    }

    /// Forgets the history recorded so far; counts are kept.
    public func removeHistory() {
        state.withLock { $0.history.removeAll() }
    }

    /// How many batch updates the view rejected because they break a rule.
    public var invalidUpdateCount: Int {
        state.withLock { $0.invalidUpdateCount }
    }

    /// How many times the view reloaded.
    public var reloadCount: Int {
        state.withLock { $0.reloadCount }
    }

    /// How many batch updates the view accepted.
    public var batchUpdateCount: Int {
        state.withLock { $0.batchUpdateCount }
    }

    /// How many cells the view asked the data source for.
    public var cellRequestCount: Int {
        state.withLock { $0.cellRequestCount }
    }

    /// How many items, from the first, the view reports visible; 0 (the default) reports none.
    public var visibleItemLimit: Int {
        get { state.withLock { $0.visibleItemLimit } }
        set { state.withLock { $0.visibleItemLimit = newValue } }
    }

    /// The paths of the first ``visibleItemLimit`` items of the snapshot shown.
    public var indexPathsForVisibleItems: [ItemPath] {
        let (snapshot, limit) = state.withLock { ($0.snapshot, $0.visibleItemLimit) }
        var paths: [ItemPath] = []
        for (sectionIndex, section) in snapshot.sectionIdentifiers.enumerated() where paths.count < limit {
            let count = min(snapshot.numberOfItems(inSection: section), limit - paths.count)
            paths += (0..<count).map { ItemPath(section: sectionIndex, item: $0) }
        }
        return paths
    }
}
