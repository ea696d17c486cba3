import DiffableSnapshots
import ListDataSources
import ListDataSourcesTesting
import TestSupport
import Testing

@Suite("Applying known batch updates")
struct KnownUpdateTests {
    @Test("an update that starts from the snapshot shown is performed as it is, without diffing")
    func knownUpdateIsPerformedAsItIs() async throws {
        let (view, dataSource) = makeHeadless()
        let first = makeSnapshot(["A": [1, 2, 3], "B": [4, 5]])
        try await dataSource.apply(first)
        var second = first
        second.moveItem(1, beforeItem: 5)
        second.reconfigureItems([3])
        // An update a controller could deliver: it describes the move as a delete and an insert,
        // which the diff would not.
        let delivered = BatchUpdate(
            itemDeletes: [ItemPath(section: 0, item: 0)],
            itemInserts: [ItemPath(section: 1, item: 1)],
            itemReconfigures: [ItemPath(section: 0, item: 1)]
        )
        #expect(delivered != BatchUpdate(from: first, to: second))
        #expect(try await dataSource.apply(second, using: delivered, from: first) == .knownUpdate)
        #expect(acceptedUpdates(of: view) == [delivered])
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: second))
    }

    @Test("an update that starts from another snapshot is not used: the data source diffs")
    func staleUpdateIsDiffedInstead() async throws {
        let (view, dataSource) = makeHeadless()
        let first = makeSnapshot(["A": [1, 2, 3]])
        var second = first
        second.appendItems([4])
        var third = second
        third.deleteItems([1])
        try await dataSource.apply(first)
        try await dataSource.apply(second)
        // The caller thinks the view still shows `first`.
        let stale = BatchUpdate(from: first, to: third)
        #expect(try await dataSource.apply(third, using: stale, from: first) == .diff)
        #expect(acceptedUpdates(of: view).last == BatchUpdate(from: second, to: third))
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: third))
        #expect(view.invalidUpdateCount == 0)
    }

    @Test("a known update whose base differs only in marks is still used")
    func baseWithOtherMarksIsTheSameBase() async throws {
        let (_, dataSource) = makeHeadless()
        let first = makeSnapshot(["A": [1, 2, 3]], reconfigured: [2])
        try await dataSource.apply(first)
        var second = dataSource.snapshot()
        second.deleteItems([3])
        let update = BatchUpdate(itemDeletes: [ItemPath(section: 0, item: 2)])
        #expect(try await dataSource.apply(second, using: update, from: dataSource.snapshot()) == .knownUpdate)
    }

    @Test("an update that does not lead to the snapshot is an error, and nothing changes")
    func invalidKnownUpdateIsRejected() async throws {
        let (view, dataSource) = makeHeadless()
        let first = makeSnapshot(["A": [1, 2, 3]])
        try await dataSource.apply(first)
        var second = first
        second.appendItems([4, 5])
        let wrongCount = BatchUpdate(itemInserts: [ItemPath(section: 0, item: 3)])
        let outOfRange = BatchUpdate(itemInserts: [ItemPath(section: 0, item: 3), ItemPath(section: 0, item: 7)])
        let wrongOrder = BatchUpdate(itemInserts: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
        for update in [wrongCount, outOfRange, wrongOrder] {
            await #expect(throws: DiffableDataSourceError.self) {
                try await dataSource.apply(second, using: update, from: first)
            }
            do {
                try await dataSource.apply(second, using: update, from: first)
            } catch .invalidUpdate(let error) {
                #expect(error.rule >= 1)
            } catch {
                Issue.record("expected invalidUpdate, got \(error)")
            }
        }
        #expect(sectionLayout(of: dataSource.snapshot()) == sectionLayout(of: first))
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: first))
        #expect(view.batchUpdateCount == 0)
        // The snapshot alone is diffed and shown.
        #expect(try await dataSource.apply(second) == .diff)
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: second))
    }

    @Test("a known update asks for the cells of the items it changes only")
    func knownUpdateAsksOnlyForChangedCells() async throws {
        let (view, dataSource) = makeHeadless()
        let first = makeSnapshot(["A": Array(0..<1_000)])
        try await dataSource.apply(first)
        var second = first
        second.deleteItems([10, 500])
        second.insertItems([2_000, 2_001], beforeItem: 700)
        second.reconfigureItems([900])
        let update = BatchUpdate(from: first, to: second)
        let before = view.cellRequestCount
        try await dataSource.apply(second, using: update, from: first)
        #expect(view.cellRequestCount - before == 3)
        #expect(view.cell(for: 2_001) == "row 2001")
    }

    @Test("the known-update path and the diff path show the same list", arguments: 0..<4)
    func knownUpdatesAndDiffsAgree(chunk: Int) async throws {
        let steps = TestEnvironment.count("DIFFABLE_RANDOM_CASES", default: 400) / 4
        let seed = 0xD5_0000 + UInt64(chunk)
        var edits = RandomSnapshotEdits(seed: seed)
        let (knownView, knownSource) = makeHeadless()
        let (diffView, diffSource) = makeHeadless()
        var current = edits.start()
        try await knownSource.apply(current)
        try await diffSource.apply(current)
        for step in 0..<steps {
            let next = edits.edited(current)
            let method = try await knownSource.apply(next, using: BatchUpdate(from: current, to: next), from: current)
            try await diffSource.apply(next)
            let expectedMethod: ApplyMethod = current.numberOfSections == 0 ? .reloadData : .knownUpdate
            #expect(method == expectedMethod, "seed \(seed) step \(step)")
            #expect(sectionLayout(of: knownView.snapshot) == sectionLayout(of: diffView.snapshot), "seed \(seed) step \(step)")
            for item in next.itemIdentifiers where knownView.cell(for: item) != diffView.cell(for: item) {
                Issue.record("seed \(seed) step \(step): cell of \(item) differs")
            }
            current = next
        }
        #expect(knownView.invalidUpdateCount == 0)
        #expect(diffView.invalidUpdateCount == 0)
    }
}
