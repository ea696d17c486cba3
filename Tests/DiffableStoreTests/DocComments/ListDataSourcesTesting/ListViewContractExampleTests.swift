// Guards the examples in the documentation comments of `ListViewContract` and
// `RandomSnapshotEdits`: Sources/ListDataSourcesTesting/ListViewContract.swift and
// RandomSnapshotEdits.swift.
import DiffableStore
import ListDataSourcesTesting
import Testing

@Suite struct ListViewContractExampleTests {
    /// A row of `MyListView`.
    struct MyRow: Hashable, Sendable {
        var item: Int
        init(_ item: Int) { self.item = item }
    }

    /// A view of the app's own, which passes everything on to a headless view.
    final class MyListView: ListView {
        typealias SectionIdentifierType = String
        typealias ItemIdentifierType = Int
        typealias Cell = MyRow
        typealias Supplementary = MyRow

        let base = HeadlessListView<String, Int, MyRow>()

        var currentSnapshot: DiffableDataSourceSnapshot<String, Int> { base.snapshot }

        func reloadData(_ content: ListViewContent<MyListView>) throws {
            try base.reloadData(ListViewContent(content))
        }

        func performBatchUpdates(_ update: ListViewUpdate<MyListView>) throws {
            try base.performBatchUpdates(ListViewUpdate(update))
        }
    }

    /// `ListViewContract`'s example (ListViewContract.swift), verbatim; the test supplies
    /// `MyListView` and `MyRow`.
    @Test(arguments: ListViewContractScenario.allCases)
    func myViewKeepsTheContract(_ scenario: ListViewContractScenario) async {
        let contract = ListViewContract(
            makeView: { MyListView() },
            cell: { item in MyRow(item) },
            shownSnapshot: { view in view.currentSnapshot }
        )
        let failures = await contract.run([scenario])
        #expect(failures.isEmpty, "\(failures)")
    }

    /// `RandomSnapshotEdits`'s example (RandomSnapshotEdits.swift), verbatim; the test supplies the
    /// data source.
    @Test func randomEditsDriveADataSource() async throws {
        let view = MyListView()
        let dataSource = DiffableDataSource(view: view) { _, _, item in MyRow(item) }

        var edits = RandomSnapshotEdits(seed: 42)
        var snapshot = edits.start()
        for _ in 0..<100 {
            snapshot = edits.edited(snapshot)
            try await dataSource.apply(snapshot)
        }

        #expect(view.currentSnapshot.itemIdentifiers == snapshot.itemIdentifiers)
        #expect(view.base.invalidUpdateCount == 0)
    }
}
