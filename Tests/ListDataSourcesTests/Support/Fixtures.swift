import DiffableSnapshots
import ListDataSources
import TestSupport

typealias TestView = HeadlessListView<String, Int, String>
typealias TestDataSource = DiffableDataSource<String, Int>

/// The sections of a snapshot with their items, marks left out: what a list shows.
func sectionLayout(of snapshot: TestSnapshot) -> [[String: [Int]]] {
    snapshot.sectionIdentifiers.map { [$0: snapshot.itemIdentifiers(inSection: $0)] }
}

/// A headless view and a data source on it whose cells read `row <item>`.
func makeHeadless(validatesUpdates: Bool = true) -> (TestView, TestDataSource) {
    let view = TestView(validatesUpdates: validatesUpdates)
    let dataSource = TestDataSource(view: view) { _, _, item in "row \(item)" }
    return (view, dataSource)
}

/// The batch updates a headless view accepted, oldest first.
func acceptedUpdates(of view: TestView) -> [BatchUpdate] {
    view.history.compactMap { event in
        if case .batchUpdate(let update, _, _) = event { update } else { nil }
    }
}

/// An error a cell provider throws in tests.
struct CellFailure: Error, CustomStringConvertible {
    var item: Int
    var description: String { "no data for \(item)" }
}
