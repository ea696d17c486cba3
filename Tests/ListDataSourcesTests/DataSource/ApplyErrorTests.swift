import DiffableSnapshots
import ListDataSources
import TestSupport
import Testing

@Suite("Apply errors")
struct ApplyErrorTests {
    /// A headless view whose cell provider fails for the items in `failing`.
    static func makeFailing(_ failing: Set<Int>, returningNil: Bool = false) -> (TestView, TestDataSource) {
        let view = TestView()
        let dataSource = TestDataSource(view: view) { _, _, item in
            guard !failing.contains(item) else {
                if returningNil { return nil }
                throw CellFailure(item: item)
            }
            return "row \(item)"
        }
        return (view, dataSource)
    }

    @Test("a cell provider that throws fails the apply, naming the item; view and data source keep the last snapshot")
    func throwingCellProviderKeepsLastState() async throws {
        let (view, dataSource) = Self.makeFailing([99])
        let first = makeSnapshot(["A": [1, 2]])
        try await dataSource.apply(first)
        var second = first
        second.appendItems([3, 99])
        do {
            try await dataSource.apply(second)
            Issue.record("the apply succeeded")
        } catch .cellProviderFailed(let item, let path, let underlying) {
            #expect(item == "99")
            #expect(path == ItemPath(section: 0, item: 3))
            #expect(underlying is CellFailure)
        }
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: first))
        #expect(sectionLayout(of: dataSource.snapshot()) == sectionLayout(of: first))
        #expect(view.cell(for: 3) == nil)
        #expect(dataSource.indexPath(for: 3) == nil)

        var third = first
        third.appendItems([3])
        #expect(try await dataSource.apply(third) == .diff)
        #expect(acceptedUpdates(of: view) == [BatchUpdate(from: first, to: third)])
        #expect(view.cell(for: 3) == "row 3")
    }

    @Test("a cell provider that returns nil fails the apply: the snapshot holds an item the view cannot show")
    func missingCellKeepsLastState() async throws {
        let (view, dataSource) = Self.makeFailing([7], returningNil: true)
        let first = makeSnapshot(["A": [1]])
        try await dataSource.apply(first)
        await #expect {
            try await dataSource.apply(makeSnapshot(["A": [1], "B": [7]]))
        } throws: { error in
            guard case .cellUnavailable(let item, let path) = error as? DiffableDataSourceError else { return false }
            return item == "7" && path == ItemPath(section: 1, item: 0)
                && "\(error)".contains("The cell provider returned no cell for item 7 at (1,0)")
        }
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: first))
        #expect(view.batchUpdateCount == 0)
    }

    @Test("a failed first apply leaves the view unloaded: the next apply reloads")
    func failedFirstApplyReloadsNextTime() async throws {
        let (view, dataSource) = Self.makeFailing([2])
        await #expect(throws: DiffableDataSourceError.self) {
            try await dataSource.apply(makeSnapshot(["A": [1, 2]]))
        }
        #expect(view.reloadCount == 0)
        #expect(dataSource.snapshot().numberOfSections == 0)
        #expect(try await dataSource.apply(makeSnapshot(["A": [1, 3]])) == .reloadData)
        #expect(view.reloadCount == 1)
    }

    @Test("a failing supplementary view provider fails the apply, naming the kind")
    func failingSupplementaryProvider() async throws {
        let view = HeadlessListView<String, Int, String>(supplementaryKinds: ["header"])
        let dataSource = DiffableDataSource(
            view: view,
            cellProvider: { _, _, item in "row \(item)" },
            supplementaryViewProvider: { _, _, _, section in
                if section == "Bad" { throw CellFailure(item: -1) }
                return section
            }
        )
        try await dataSource.apply(makeSnapshot(["A": [1]]))
        do {
            try await dataSource.apply(makeSnapshot(["A": [1], "Bad": [2]]))
            Issue.record("the apply succeeded")
        } catch .supplementaryProviderFailed(let kind, let path, _) {
            #expect(kind == "header")
            #expect(path == ItemPath(section: 1, item: 0))
        }
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: makeSnapshot(["A": [1]])))
    }

    @Test("a view that throws fails the apply with its error")
    func throwingViewFailsTheApply() async throws {
        let view = FailingView()
        let dataSource = DiffableDataSource(view: view) { _, _, item in item }
        do {
            try await dataSource.apply(makeSnapshot(["A": [1]]))
            Issue.record("the apply succeeded")
        } catch .viewFailed(let underlying) {
            #expect(underlying is CellFailure)
        }
        #expect(dataSource.snapshot().numberOfSections == 0)
    }

    @Test("errors say what failed, where, and that the view keeps its last snapshot")
    func errorDescriptions() {
        let errors: [DiffableDataSourceError] = [
            .cellUnavailable(item: "7", path: ItemPath(section: 1, item: 0)),
            .cellProviderFailed(item: "7", path: ItemPath(section: 1, item: 0), underlying: CellFailure(item: 7)),
            .supplementaryProviderFailed(kind: "header", path: ItemPath(section: 2, item: 0), underlying: CellFailure(item: 0)),
            .invalidUpdate(.invalidNumberOfSections(before: 1, inserted: 0, deleted: 0, after: 2)),
            .viewFailed(underlying: CellFailure(item: 1)),
        ]
        for error in errors {
            #expect(error.description.contains("keeps the last snapshot applied"), "\(error)")
        }
        #expect(
            errors[1].description
                == "The cell provider failed for item 7 at (1,0): no data for 7; fix what the provider reads or leave the item "
                + "out of the snapshot. The view keeps the last snapshot applied."
        )
        #expect(errors[2].description.contains("kind \"header\" at (2,0)"))
        #expect(
            errors[3].description
                == "The batch update does not turn the snapshot shown into the one applied. Invalid number of sections: 1 "
                + "before, 0 inserted, 0 deleted, 2 after; list every section inserted and deleted. Pass the update computed "
                + "from the snapshot the data source shows, or apply the snapshot alone to have the data source diff it. "
                + "The view keeps the last snapshot applied."
        )
    }
}

/// A view that refuses every change.
final class FailingView: ListView {
    typealias SectionIdentifierType = String
    typealias ItemIdentifierType = Int
    typealias Cell = Int

    func reloadData(_ content: ListViewContent<FailingView>) throws {
        throw CellFailure(item: 0)
    }

    func performBatchUpdates(_ update: ListViewUpdate<FailingView>) throws {
        throw CellFailure(item: 0)
    }
}
