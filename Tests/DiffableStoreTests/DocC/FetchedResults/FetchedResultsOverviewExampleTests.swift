// Guards the example of the FetchedResults module page:
// Sources/FetchedResults/Documentation.docc/FetchedResults.md.
import DiffableStore
import Testing
import TestSupport

@MainActor @Suite struct FetchedResultsOverviewExampleTests {
    typealias Event = SampleScores.Event

    /// The overview's example, verbatim apart from its import (the file's), its loop run on a
    /// task the test ends once the data source shows a later save; the test supplies the
    /// container and the data source.
    @Test func liveEventsBySportReachADataSource() async throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900)], "Tennis": [("Open", 100)]], in: container)
        let view = HeadlessListView<String, ObjectID, String>()
        let dataSource = DiffableDataSource(view: view) { _, _, id in "\(id)" }

        var request = FetchRequest<Event>(predicate: try FetchPredicate(format: "isLive == YES"))
        request.sortDescriptors = [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.start)]
        let controller = FetchedResultsController<Event>(
            fetchRequest: request, managedObjectContext: container.viewContext, sectionNameKeyPath: "sport.name")
        try controller.performFetch()

        let loop = Task {
            for await delivery in controller.deliveries() {     // the fetch, then every change
                try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
                                           from: delivery.previousSnapshot)
            }
        }

        await eventually { view.snapshot.sectionIdentifiers == ["Football", "Tennis"] }
        try SampleScores.save(["Golf": [("Masters", 10)]], in: container)
        await eventually { view.snapshot.sectionIdentifiers == ["Football", "Golf", "Tennis"] }
        try await end(loop)
        #expect(view.reloadCount == 1 && view.batchUpdateCount == 1 && view.invalidUpdateCount == 0)
    }
}
