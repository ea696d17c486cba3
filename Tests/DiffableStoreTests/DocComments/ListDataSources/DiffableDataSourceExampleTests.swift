// Guards the examples in the documentation comments of `DiffableDataSource` and
// `DiffableDataSourceError`: Sources/ListDataSources/DataSource/DiffableDataSource.swift,
// DiffableDataSource+Apply.swift, DiffableDataSource+Queries.swift,
// DiffableDataSource+SectionSnapshots.swift and DiffableDataSourceError.swift.
import DiffableStore
import Testing
import TestSupport

@Suite struct DiffableDataSourceExampleTests {
    final class Match: ManagedObject {
        @Attribute var title = ""
        @Attribute var score = ""
    }

    /// A headless view and a data source over it, showing "Live" with items 1 to 3.
    func liveList() async throws -> (HeadlessListView<String, Int, String>, DiffableDataSource<String, Int>) {
        let view = HeadlessListView<String, Int, String>()
        let dataSource = DiffableDataSource(view: view) { _, _, item in "row \(item)" }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Live"])
        snapshot.appendItems([1, 2, 3])
        try await dataSource.apply(snapshot)
        return (view, dataSource)
    }

    /// The type's example (DiffableDataSource.swift), verbatim apart from the view's output, a
    /// screen instead of the terminal; the test supplies the context and the live matches.
    @Test func cellsAreResolvedFromTheIdentifiersHandedIn() async throws {
        let container = try PersistentContainer(name: "Scores", model: ManagedObjectModel([Match.self]), store: .inMemory)
        let context = container.newBackgroundContext()
        let liveMatchIDs = try context.performAndWait { () throws in
            let match = try context.insert(Match.self)
            (match.title, match.score) = ("Lions – Tigers", "2:1")
            try context.save()
            return [match.objectID]
        }
        let screen = TerminalScreen(size: TerminalSize(columns: 80, rows: 24))

        let view = TerminalListView<String, ObjectID>(size: TerminalSize(columns: 80, rows: 24), output: screen)
        let dataSource = DiffableDataSource(view: view) { view, path, objectID in
            // Resolve the object from the identifier handed in, never from an index.
            let match = try context.performAndWait { try context.existingObject(with: objectID) as! Match }
            return TerminalCell(match.title, detail: match.score)
        }

        var snapshot = DiffableDataSourceSnapshot<String, ObjectID>()
        snapshot.appendSections(["Live"])
        snapshot.appendItems(liveMatchIDs)
        #expect(try await dataSource.apply(snapshot) == .reloadData)  // the first apply reloads the view

        #expect(screen.lines[1].hasPrefix("   Lions – Tigers") && screen.lines[1].hasSuffix("2:1"))
    }

    /// `init(view:cellProvider:supplementaryViewProvider:)`'s example (DiffableDataSource.swift),
    /// verbatim.
    @Test func aDataSourceShowsNothingUntilItsFirstApply() {
        let view = HeadlessListView<String, Int, String>()
        let dataSource = DiffableDataSource(view: view) { _, _, item in "row \(item)" }
        #expect(dataSource.snapshot().numberOfSections == 0 && view.reloadCount == 0)
    }

    /// `apply(_:animatingDifferences:isolation:)`'s example (DiffableDataSource+Apply.swift),
    /// verbatim; the test supplies the data source and the two matches.
    @Test func anEditedCopyOfTheSnapshotShownIsApplied() async throws {
        let (view, dataSource) = try await liveList()
        let (finishedMatchID, updatedMatchID) = (1, 3)

        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([finishedMatchID])
        snapshot.reconfigureItems([updatedMatchID])
        try await dataSource.apply(snapshot)

        #expect(view.snapshot.itemIdentifiers == [2, 3])
        #expect(view.history.last.map { if case .batchUpdate(let update, _, _) = $0 { update.description } else { "" } } == "D(0,0) C(0,1)")
    }

    /// `apply(_:using:from:animatingDifferences:isolation:)`'s example
    /// (DiffableDataSource+Apply.swift), verbatim, its loop run on a task the test ends once the
    /// data source shows a later save; the test supplies the controller and the data source.
    @MainActor @Test func deliveriesAreAppliedWithTheirBatchUpdates() async throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900)]], in: container)
        let request = FetchRequest<SampleScores.Event>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.start)])
        let controller = FetchedResultsController(fetchRequest: request, managedObjectContext: container.viewContext)
        try controller.performFetch()
        let view = HeadlessListView<String, ObjectID, String>()
        let dataSource = DiffableDataSource(view: view) { _, _, id in "\(id)" }

        let loop = Task {
            for await delivery in controller.deliveries() {
                try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
                                           from: delivery.previousSnapshot)
            }
        }

        await eventually { view.reloadCount == 1 }
        try SampleScores.save(["Tennis": [("Open", 100)]], in: container)
        await eventually { view.batchUpdateCount == 1 }
        try await end(loop)
        #expect(view.snapshot == controller.snapshot && view.invalidUpdateCount == 0)
    }

    /// `snapshot()`'s example (DiffableDataSource+Queries.swift), verbatim; the test supplies
    /// the data source and the new item.
    @Test func anItemIsAppendedToTheSnapshotShown() async throws {
        let (view, dataSource) = try await liveList()
        let newID = 4

        var snapshot = dataSource.snapshot()
        snapshot.appendItems([newID])
        try await dataSource.apply(snapshot)

        #expect(view.snapshot.itemIdentifiers == [1, 2, 3, 4])
    }

    /// `apply(_:to:animatingDifferences:isolation:)`'s example
    /// (DiffableDataSource+SectionSnapshots.swift), verbatim; the test supplies the data source.
    @Test func aSectionSnapshotFillsOneSection() async throws {
        let view = HeadlessListView<String, String, String>()
        let dataSource = DiffableDataSource(view: view) { _, _, item in item }

        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["Football"])
        outline.append(["Premier League", "La Liga"], to: "Football")
        outline.expand(["Football"])
        try await dataSource.apply(outline, to: "Sports")

        #expect(view.snapshot.itemIdentifiers(inSection: "Sports") == ["Football", "Premier League", "La Liga"])
    }

    /// `DiffableDataSourceError`'s example (DiffableDataSourceError.swift), verbatim in a
    /// function, with `print` captured; the test calls it with a snapshot whose cell is missing,
    /// then with one whose cell fails.
    @Test func aMissingCellIsCaughtByItsCaseAndOtherErrorsArePrinted() async throws {
        struct Unreadable: Error {}
        let printed = LogLines()
        func print(_ items: Any...) { printed.record(items) }
        let view = HeadlessListView<String, Int, String>()
        let dataSource = DiffableDataSource(view: view) { _, _, item in
            if item == 2 { throw Unreadable() }
            return item == 1 ? nil : "row \(item)"
        }
        func show(_ snapshot: DiffableDataSourceSnapshot<String, Int>) async {
            do {
                try await dataSource.apply(snapshot)
            } catch .cellUnavailable(let item, let path) {
                print("no cell for \(item) at \(path)")
            } catch {
                print(error)  // the message says what failed, where, and what to do
            }
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Live"])
        snapshot.appendItems([1])
        await show(snapshot)
        snapshot.deleteItems([1])
        snapshot.appendItems([2])
        await show(snapshot)

        let unreadable = DiffableDataSourceError.cellProviderFailed(item: "2", path: ItemPath(section: 0, item: 0), underlying: Unreadable())
        #expect(printed.all == ["no cell for 1 at (0,0)", "\(unreadable)"])
    }
}
