// Guards the examples in the documentation comments of `FetchedResultsController`,
// `IdentifiedFetchedResultsController` and `FetchedResultsDelivery`:
// Sources/FetchedResults/Controller/FetchedResultsController.swift,
// IdentifiedFetchedResultsController.swift, IdentifiedFetchedResultsController+Access.swift and
// Sources/FetchedResults/Delivery/FetchedResultsDelivery.swift.
import DiffableStore
import Foundation
import Testing
import TestSupport

@MainActor @Suite struct FetchedResultsControllerExampleTests {
    typealias Event = SampleScores.Event

    /// A data source over a headless view, with a line per event.
    func headlessDataSource<Item>(_ view: HeadlessListView<String, Item, String>) -> DiffableDataSource<String, Item> {
        DiffableDataSource(view: view) { _, _, item in "\(item)" }
    }

    /// A store with one event, and a controller of every event on its view context (not fetched).
    func oneEvent() throws -> (PersistentContainer, FetchedResultsController<Event>) {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900)]], in: container)
        let request = FetchRequest<Event>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.start)])
        return (container, FetchedResultsController(fetchRequest: request, managedObjectContext: container.viewContext))
    }

    /// Waits until `view` shows the store's one event, saves another, waits until it shows both,
    /// then ends `loop`: the view was reloaded once, then updated once.
    func expectFollowsASave<Item>(_ view: HeadlessListView<String, Item, String>, of container: PersistentContainer, ending loop: Task<Void, any Error>) async throws {
        await eventually { view.snapshot.numberOfItems == 1 }
        try SampleScores.save(["Tennis": [("Open", 100)]], in: container)
        await eventually { view.snapshot.numberOfItems == 2 }
        try await end(loop)
        #expect(view.reloadCount == 1 && view.batchUpdateCount == 1 && view.invalidUpdateCount == 0)
    }

    /// `FetchedResultsController`'s example (FetchedResultsController.swift), verbatim apart
    /// from the commented expression, checked with `#expect`; the test supplies the view
    /// context of a store with three events.
    @Test func aControllerFetchesOneUnnamedSection() throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)], "Tennis": [("Open", 100)]], in: container)
        let context = container.viewContext

        var request = FetchRequest<Event>()
        request.sortDescriptors = [FetchSortDescriptor(\.start)]
        let controller = FetchedResultsController<Event>(fetchRequest: request, managedObjectContext: context)
        try controller.performFetch()
        #expect(controller.sections?.first?.numberOfObjects == 3)
    }

    /// `IdentifiedFetchedResultsController`'s example (IdentifiedFetchedResultsController.swift),
    /// verbatim, its loop run on a task the test ends once the data source shows the fetch and
    /// a later save; the test supplies the container and the data source.
    @Test func aControllerIdentifiedByAnAttributeFeedsADataSource() async throws {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900)]], in: container)
        let view = HeadlessListView<String, UUID, String>()
        let dataSource = headlessDataSource(view)

        var request = FetchRequest<Event>()
        request.sortDescriptors = [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.start)]
        let controller = IdentifiedFetchedResultsController(
            fetchRequest: request, managedObjectContext: container.viewContext,
            sectionNameKeyPath: "sport.name", itemIdentifier: \.uuid)
        try controller.performFetch()
        let loop = Task {
            for await delivery in controller.deliveries() {
                try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
                                           from: delivery.previousSnapshot)
            }
        }

        try await expectFollowsASave(view, of: container, ending: loop)
        #expect(view.snapshot == controller.snapshot)
    }

    /// `deliveries()`'s example (IdentifiedFetchedResultsController+Access.swift), verbatim, its
    /// loop run on a task the test ends once the data source shows a later save; the test
    /// supplies the controller and the data source.
    @Test func deliveriesMadeAfterTheFetchStartWithIt() async throws {
        let (container, controller) = try oneEvent()
        let view = HeadlessListView<String, ObjectID, String>()
        let dataSource = headlessDataSource(view)

        try controller.performFetch()
        let loop = Task {
            for await delivery in controller.deliveries() {   // the fetch, then every change
                try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
                                           from: delivery.previousSnapshot)
            }
        }

        try await expectFollowsASave(view, of: container, ending: loop)
    }

    /// `FetchedResultsDelivery`'s example (FetchedResultsDelivery.swift), verbatim, its loop run
    /// on a task the test ends once the data source shows a later save; the test supplies the
    /// fetched controller and the data source.
    @Test func eachDeliveryIsAppliedFromThePreviousOneWithoutADiff() async throws {
        let (container, controller) = try oneEvent()
        try controller.performFetch()
        let view = HeadlessListView<String, ObjectID, String>()
        let dataSource = headlessDataSource(view)

        let loop = Task {
            for await delivery in controller.deliveries() {
                try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
                                           from: delivery.previousSnapshot)
            }
        }

        try await expectFollowsASave(view, of: container, ending: loop)
    }
}
