import DiffableSnapshots
import ListDataSources
import Testing

/// Programmer errors of views and gesture handlers trap with a message naming the path. Each
/// body runs in a child process.
@Suite("List programmer errors trap")
struct ProgrammerErrorTrapTests {
    private func stderr(_ result: ExitTest.Result) -> String {
        String(decoding: result.standardErrorContent, as: UTF8.self)
    }

    @Test func askingForTheCellOfAPathNotShown() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let content = ListViewContent<HeadlessListView<String, Int, String>>(
                snapshot: DiffableDataSourceSnapshot<String, Int>()
            ) { _, item in "\(item)" }
            _ = try content.cell(at: ItemPath(section: 0, item: 3))
        }
        #expect(stderr(result).contains("The path (0,3), passed to cell(at:), is not a path of the snapshot shown; pass a path of ListViewContent.snapshot."))
    }

    @Test func movingAnItemFromAPathNotShown() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let view = HeadlessListView<String, Int, String>()
            let dataSource = DiffableDataSource(view: view) { _, _, item in "\(item)" }
            dataSource.reorderingHandlers.canReorderItem = { _ in true }
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1, 2])
            try await dataSource.apply(snapshot)
            try await dataSource.moveItem(at: ItemPath(section: 0, item: 5), to: ItemPath(section: 0, item: 0))
        }
        #expect(stderr(result).contains("The source (0,5), passed to moveItem(at:to:), is not a path of the snapshot shown"))
    }

    @Test func movingAnItemPastTheEndOfASection() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let view = HeadlessListView<String, Int, String>()
            let dataSource = DiffableDataSource(view: view) { _, _, item in "\(item)" }
            dataSource.reorderingHandlers.canReorderItem = { _ in true }
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A", "B"])
            snapshot.appendItems([1, 2], toSection: "A")
            snapshot.appendItems([3], toSection: "B")
            try await dataSource.apply(snapshot)
            try await dataSource.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 2))
        }
        #expect(stderr(result).contains("The destination (1,2), passed to moveItem(at:to:), is out of range: section 1 holds 1 other item; pass an item index from 0 to 1."))
    }
}
