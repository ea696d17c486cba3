// Guards the example in the documentation comment of `HeadlessListView`:
// Sources/ListDataSources/Views/Headless/HeadlessListView.swift.
import DiffableStore
import Testing

/// The type's example, verbatim apart from the commented expressions, checked with `#expect`;
/// the test supplies the snapshot.
@Test func aHeadlessViewKeepsWhatItWouldShow() async throws {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["Live"])
    snapshot.appendItems([1, 2, 3])

    let view = HeadlessListView<String, Int, String>()
    let dataSource = DiffableDataSource(view: view) { _, _, item in "row \(item)" }
    try await dataSource.apply(snapshot)
    #expect(view.snapshot.itemIdentifiers == [1, 2, 3])
    #expect(view.cell(for: 3) == "row 3")
    #expect(view.invalidUpdateCount == 0)
}
