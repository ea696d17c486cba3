import DiffableSnapshots
import ListDataSources
import WebLists

/// A web list of `String` sections and `Int` items for the tests, with its data source: item
/// `n` shows `item n`, or what `cell` makes.
struct TestList: Sendable {
    typealias Snapshot = DiffableDataSourceSnapshot<String, Int>
    let view: WebListView<String, Int>
    let dataSource: DiffableDataSource<String, Int>

    init(keptUpdates: Int = 512, pageQueueLimit: Int = 256, cell: @escaping @Sendable (Int) -> WebCell = { WebCell("item \($0)") }) {
        view = WebListView(keptUpdates: keptUpdates, pageQueueLimit: pageQueueLimit)
        dataSource = DiffableDataSource(view: view) { _, _, item in cell(item) }
    }

    /// A snapshot of sections `s0`, `s1`, … holding `items[n]` each.
    static func snapshot(_ items: [[Int]]) -> Snapshot {
        var snapshot = Snapshot()
        for (index, section) in items.enumerated() {
            snapshot.appendSections(["s\(index)"])
            snapshot.appendItems(section, toSection: "s\(index)")
        }
        return snapshot
    }

    /// What a page shows of `snapshot`: the fields of every row, section by section.
    static func fields(of snapshot: Snapshot, cell: (Int) -> WebCell = { WebCell("item \($0)") }) -> [[[String]]] {
        snapshot.sectionIdentifiers.map { section in snapshot.itemIdentifiers(inSection: section).map { cell($0).fields } }
    }
}
