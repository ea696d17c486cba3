import DiffableSnapshots

/// What every page of a ``WebListView`` shows, kept on the server: the snapshot, the key of each
/// section and item on the pages, and their cells. It turns each apply into the one wire message
/// every page receives, and gives the full list a page needs when it cannot catch up by updates.
///
/// Keys are small numbers given out once, in order: an item keeps its key while it stays in the
/// list, so a page can find its element again, and a key is never reused.
struct WebListMirror<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
    typealias Snapshot = DiffableDataSourceSnapshot<Section, Item>

    private(set) var snapshot = Snapshot()
    /// The number of the last apply: 0 before the first.
    private(set) var generation: UInt64 = 0
    var itemKeys: [Item: Int] = [:]
    var sectionKeys: [Section: Int] = [:]
    var cells: [Item: WebCell] = [:]
    var headers: [Section: WebCell] = [:]
    private var nextKey = 1

    /// Shows `snapshot` whole, with the cells and headers made before (`fresh`), and counts one
    /// generation.
    mutating func reload(_ snapshot: Snapshot, fresh: FreshCells<Section, Item>) {
        var itemKeys: [Item: Int] = [:]
        var sectionKeys: [Section: Int] = [:]
        for section in snapshot.sectionIdentifiers {
            sectionKeys[section] = self.sectionKeys[section] ?? takeKey()
            for item in snapshot.itemIdentifiers(inSection: section) {
                itemKeys[item] = self.itemKeys[item] ?? takeKey()
            }
        }
        self.itemKeys = itemKeys
        self.sectionKeys = sectionKeys
        cells = fresh.cells
        headers = fresh.headers
        self.snapshot = snapshot
        generation += 1
    }

    /// Moves to `snapshot` after a batch update: forgets what left the list, keys what entered
    /// it, takes the cells and headers made for it (`fresh`), and counts one generation.
    mutating func advance(to snapshot: Snapshot, fresh: FreshCells<Section, Item>, leaving gone: Snapshot) {
        for section in gone.sectionIdentifiers where snapshot.indexOfSection(section) == nil {
            sectionKeys[section] = nil
            headers[section] = nil
        }
        for (item, _) in fresh.cells where itemKeys[item] == nil {
            itemKeys[item] = takeKey()
        }
        for (section, _) in fresh.headers where sectionKeys[section] == nil {
            sectionKeys[section] = takeKey()
        }
        cells.merge(fresh.cells) { _, new in new }
        headers.merge(fresh.headers) { _, new in new }
        self.snapshot = snapshot
        generation += 1
    }

    /// Forgets the keys and cells of `items`, which the update being applied removes.
    mutating func forget(_ items: some Sequence<Item>) {
        for item in items {
            itemKeys[item] = nil
            cells[item] = nil
        }
    }

    private mutating func takeKey() -> Int {
        defer { nextKey += 1 }
        return nextKey
    }

    /// The section at `index` of the snapshot shown, whole.
    func sectionContent(at index: Int) -> WebSectionContent {
        let section = snapshot.sectionIdentifiers[index]
        let rows = snapshot.itemIdentifiers(inSection: section).map { item in
            (key: itemKeys[item] ?? 0, cell: cells[item] ?? WebCell())
        }
        return WebSectionContent(key: sectionKeys[section] ?? 0, header: headers[section] ?? WebCell(), rows: rows)
    }
}
