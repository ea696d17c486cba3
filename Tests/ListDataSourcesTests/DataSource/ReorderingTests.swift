import DiffableSnapshots
import ListDataSources
import TestSupport
import Testing

@Suite("Reordering")
struct ReorderingTests {
    /// The transactions the handlers receive, in order, with the handler's name.
    typealias Recorder = TestSupport.Recorder<(String, DiffableDataSourceTransaction<String, Int>)>

    static func makeReorderable(_ recorder: Recorder) -> (TestView, TestDataSource) {
        let (view, dataSource) = makeHeadless()
        dataSource.reorderingHandlers.canReorderItem = { $0 != 3 }
        dataSource.reorderingHandlers.willReorder = { recorder.append(("will", $0)) }
        dataSource.reorderingHandlers.didReorder = { recorder.append(("did", $0)) }
        return (view, dataSource)
    }

    @Test("reordering is off until canReorderItem is set")
    func reorderingIsOffByDefault() async throws {
        let (view, dataSource) = makeHeadless()
        try await dataSource.apply(makeSnapshot(["A": [1, 2]]))
        #expect(!dataSource.canMoveItem(at: ItemPath(section: 0, item: 0)))
        #expect(try await dataSource.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1)) == false)
        #expect(view.batchUpdateCount == 0)
    }

    @Test("canMoveItem asks canReorderItem about the item at the path")
    func canMoveItemAsksTheHandler() async throws {
        let (_, dataSource) = Self.makeReorderable(Recorder())
        try await dataSource.apply(makeSnapshot(["A": [1, 2, 3]]))
        #expect(dataSource.canMoveItem(at: ItemPath(section: 0, item: 0)))
        #expect(!dataSource.canMoveItem(at: ItemPath(section: 0, item: 2)))
        #expect(!dataSource.canMoveItem(at: ItemPath(section: 0, item: 3)))
    }

    @Test("a move within a section is one batch update with one move, and the handlers get its transaction")
    func moveWithinSection() async throws {
        let recorder = Recorder()
        let (view, dataSource) = Self.makeReorderable(recorder)
        let initial = makeSnapshot(["A": [1, 2, 3, 4], "B": [5]])
        try await dataSource.apply(initial)
        #expect(try await dataSource.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2)))
        let final = makeSnapshot(["A": [2, 3, 1, 4], "B": [5]])
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: final))
        #expect(sectionLayout(of: dataSource.snapshot()) == sectionLayout(of: final))
        #expect(acceptedUpdates(of: view) == [
            BatchUpdate(itemMoves: [BatchUpdate.Move(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))])
        ])

        let events = recorder.values
        #expect(events.map(\.0) == ["will", "did"])
        let transaction = try #require(events.last?.1)
        #expect(sectionLayout(of: transaction.initialSnapshot) == sectionLayout(of: initial))
        #expect(sectionLayout(of: transaction.finalSnapshot) == sectionLayout(of: final))
        #expect(initial.itemIdentifiers.applying(transaction.difference) == final.itemIdentifiers)
        #expect(transaction.sectionTransactions.count == 1)
        let section = try #require(transaction.sectionTransactions.first)
        #expect(section.sectionIdentifier == "A")
        #expect(section.initialSnapshot.items == [1, 2, 3, 4])
        #expect(section.finalSnapshot.items == [2, 3, 1, 4])
        #expect(section.initialSnapshot.items.applying(section.difference) == section.finalSnapshot.items)
    }

    @Test("a move across sections changes both sections' transactions")
    func moveAcrossSections() async throws {
        let recorder = Recorder()
        let (view, dataSource) = Self.makeReorderable(recorder)
        let initial = makeSnapshot(["A": [1, 2], "B": [5, 6]])
        try await dataSource.apply(initial)
        #expect(try await dataSource.moveItem(at: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 0)))
        let final = makeSnapshot(["A": [6, 1, 2], "B": [5]])
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: final))
        #expect(view.invalidUpdateCount == 0)
        let transaction = try #require(recorder.values.last?.1)
        #expect(initial.itemIdentifiers.applying(transaction.difference) == final.itemIdentifiers)
        #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["B", "A"])
        for section in transaction.sectionTransactions {
            #expect(section.initialSnapshot.items.applying(section.difference) == section.finalSnapshot.items)
        }
    }

    @Test("a move to the end of a section, and one the handler forbids")
    func moveToEndAndForbiddenMove() async throws {
        let recorder = Recorder()
        let (view, dataSource) = Self.makeReorderable(recorder)
        try await dataSource.apply(makeSnapshot(["A": [1, 2, 3], "B": [4]]))
        #expect(try await dataSource.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1)))
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: makeSnapshot(["A": [2, 3], "B": [4, 1]])))
        #expect(try await dataSource.moveItem(at: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 0)) == false)
        #expect(try await dataSource.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 0)) == false)
        #expect(view.batchUpdateCount == 1)
        #expect(recorder.values.count == 2)
    }

    @Test("a move the view fails to show changes nothing, and didReorder is not called")
    func failedMoveKeepsLastState() async throws {
        let recorder = Recorder()
        let view = UpdateRefusingView()
        let dataSource = DiffableDataSource(view: view) { _, _, item in item }
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        dataSource.reorderingHandlers.willReorder = { recorder.append(("will", $0)) }
        dataSource.reorderingHandlers.didReorder = { recorder.append(("did", $0)) }
        let snapshot = makeSnapshot(["A": [1, 2], "B": [5]])
        try await dataSource.apply(snapshot)
        await #expect(throws: DiffableDataSourceError.self) {
            try await dataSource.moveItem(at: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0))
        }
        #expect(sectionLayout(of: dataSource.snapshot()) == sectionLayout(of: snapshot))
        #expect(recorder.values.map(\.0) == ["will"])
    }
}

/// A view that reloads but refuses every batch update.
final class UpdateRefusingView: ListView {
    typealias SectionIdentifierType = String
    typealias ItemIdentifierType = Int
    typealias Cell = Int

    func reloadData(_ content: ListViewContent<UpdateRefusingView>) throws {}

    func performBatchUpdates(_ update: ListViewUpdate<UpdateRefusingView>) throws {
        throw CellFailure(item: 0)
    }
}
