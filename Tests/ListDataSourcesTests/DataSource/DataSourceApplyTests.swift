import DiffableSnapshots
import ListDataSources
import TestSupport
import Testing

@Suite("Applying snapshots")
struct DataSourceApplyTests {
    @Test("the first apply reloads the view; the next ones are one batch update each")
    func firstApplyReloadsThenBatchUpdates() async throws {
        let (view, dataSource) = makeHeadless()
        let first = makeSnapshot(["A": [1, 2, 3], "B": [4]])
        #expect(try await dataSource.apply(first) == .reloadData)
        #expect(view.reloadCount == 1)
        #expect(view.batchUpdateCount == 0)
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: first))
        #expect(view.cell(for: 4) == "row 4")

        var second = first
        second.deleteItems([2])
        second.appendItems([5], toSection: "A")
        #expect(try await dataSource.apply(second) == .diff)
        #expect(view.reloadCount == 1)
        #expect(view.batchUpdateCount == 1)
        #expect(acceptedUpdates(of: view) == [BatchUpdate(from: first, to: second)])
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: second))
        #expect(view.cell(for: 5) == "row 5")
        #expect(view.cell(for: 2) == nil)
    }

    @Test("an apply to a view that shows no sections reloads it")
    func applyToEmptyViewReloads() async throws {
        let (view, dataSource) = makeHeadless()
        try await dataSource.apply(makeSnapshot(["A": [1]]))
        #expect(try await dataSource.apply(TestSnapshot()) == .diff)
        #expect(try await dataSource.apply(makeSnapshot(["B": [2]])) == .reloadData)
        #expect(view.reloadCount == 2)
        #expect(view.batchUpdateCount == 1)
    }

    @Test("applySnapshotUsingReloadData reloads the view without diffing")
    func applySnapshotUsingReloadDataReloads() async throws {
        let (view, dataSource) = makeHeadless()
        try await dataSource.apply(makeSnapshot(["A": [1, 2]]))
        let next = makeSnapshot(["A": [2, 1], "B": [3]])
        #expect(try await dataSource.applySnapshotUsingReloadData(next) == .reloadData)
        #expect(view.reloadCount == 2)
        #expect(view.batchUpdateCount == 0)
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: next))
        #expect(sectionLayout(of: dataSource.snapshot()) == sectionLayout(of: next))
    }

    @Test("an apply of the snapshot shown is one empty batch update")
    func equalSnapshotChangesNothing() async throws {
        let (view, dataSource) = makeHeadless()
        let snapshot = makeSnapshot(["A": [1, 2, 3]])
        try await dataSource.apply(snapshot)
        try await dataSource.apply(snapshot)
        #expect(acceptedUpdates(of: view) == [BatchUpdate()])
        #expect(view.cellRequestCount == 3)
    }

    @Test("an equal snapshot still reloads and reconfigures what it marks")
    func equalSnapshotHonoursMarks() async throws {
        let (view, dataSource) = makeHeadless()
        let snapshot = makeSnapshot(["A": [1, 2, 3], "B": [4]])
        try await dataSource.apply(snapshot)
        var marked = snapshot
        marked.reconfigureItems([2])
        marked.reloadItems([4])
        try await dataSource.apply(marked)
        let expected = BatchUpdate(itemReloads: [ItemPath(section: 1, item: 0)], itemReconfigures: [ItemPath(section: 0, item: 1)])
        #expect(acceptedUpdates(of: view) == [expected])
        // Two new cells: the reloaded and the reconfigured item.
        #expect(view.cellRequestCount == 4 + 2)

        // Marks are spent: the snapshot read back has none, and applying it again refreshes nothing.
        let readBack = dataSource.snapshot()
        #expect(readBack.reconfiguredItemIdentifiers.isEmpty)
        #expect(readBack.reloadedItemIdentifiers.isEmpty)
        try await dataSource.apply(readBack)
        #expect(acceptedUpdates(of: view).last == BatchUpdate())
    }

    @Test("animatingDifferences reaches the view")
    func animatingDifferencesReachesTheView() async throws {
        let (view, dataSource) = makeHeadless()
        try await dataSource.apply(makeSnapshot(["A": [1]]))
        try await dataSource.apply(makeSnapshot(["A": [1, 2]]), animatingDifferences: false)
        try await dataSource.apply(makeSnapshot(["A": [2]]))
        let animated = view.history.compactMap { event -> Bool? in
            if case .batchUpdate(_, _, let animated) = event { animated } else { nil }
        }
        #expect(animated == [false, true])
    }

    @Test("identifiers and paths are read from the snapshot shown")
    func queriesReadTheSnapshotShown() async throws {
        let (_, dataSource) = makeHeadless()
        #expect(dataSource.itemIdentifier(for: ItemPath(section: 0, item: 0)) == nil)
        try await dataSource.apply(makeSnapshot(["A": [1, 2], "B": [], "C": [3, 4, 5]]))
        #expect(dataSource.itemIdentifier(for: ItemPath(section: 2, item: 1)) == 4)
        #expect(dataSource.itemIdentifier(for: ItemPath(section: 1, item: 0)) == nil)
        #expect(dataSource.itemIdentifier(for: ItemPath(section: 3, item: 0)) == nil)
        #expect(dataSource.itemIdentifier(for: ItemPath(section: 0, item: -1)) == nil)
        #expect(dataSource.indexPath(for: 5) == ItemPath(section: 2, item: 2))
        #expect(dataSource.indexPath(for: 1) == ItemPath(section: 0, item: 0))
        #expect(dataSource.indexPath(for: 9) == nil)
        #expect(dataSource.sectionIdentifier(for: 1) == "B")
        #expect(dataSource.sectionIdentifier(for: 3) == nil)
        #expect(dataSource.sectionIdentifier(for: -1) == nil)
        #expect(dataSource.index(for: "C") == 2)
        #expect(dataSource.index(for: "Z") == nil)
    }

    @Test("visible item identifiers are the items at the paths the view reports")
    func visibleItemIdentifiers() async throws {
        let (view, dataSource) = makeHeadless()
        try await dataSource.apply(makeSnapshot(["A": [1, 2], "B": [3, 4]]))
        #expect(dataSource.visibleItemIdentifiers().isEmpty)
        view.visibleItemLimit = 3
        #expect(dataSource.visibleItemIdentifiers() == [1, 2, 3])
    }

    @Test("supplementary views are made from the section identifier of the snapshot applied")
    func supplementaryViewsReceiveSectionIdentifiers() async throws {
        let view = HeadlessListView<String, Int, String>(supplementaryKinds: ["header"])
        let dataSource = DiffableDataSource(
            view: view,
            cellProvider: { _, _, item in "row \(item)" },
            supplementaryViewProvider: { _, kind, path, section in "\(kind) \(section) at \(path.section)" }
        )
        try await dataSource.apply(makeSnapshot(["A": [1], "B": [2]]))
        try await dataSource.apply(makeSnapshot(["C": [3], "A": [1], "B": [2]]))
        #expect(view.supplementary(ofKind: "header", inSection: "A") == "header A at 0")
        #expect(view.supplementary(ofKind: "header", inSection: "C") == "header C at 0")
    }
}
