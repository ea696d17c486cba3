// Guards the examples in the documentation comments of `FetchedResultsControllerDelegate`:
// Sources/FetchedResults/Delivery/FetchedResultsControllerDelegate.swift.
import DiffableStore
import Testing
import TestSupport

@MainActor @Suite struct FetchedResultsControllerDelegateExampleTests {
    typealias Event = SampleScores.Event

    @MainActor final class EventsList: @MainActor FetchedResultsControllerDelegate {
        let dataSource: DiffableDataSource<String, ObjectID>
        var lastError: (any Error)?

        init(dataSource: DiffableDataSource<String, ObjectID>) {
            self.dataSource = dataSource
        }

        func controller(_ controller: FetchedResultsController<Event>, didChangeContentWith delivery: FetchedResultsDelivery<ObjectID>) {
            Task {
                do {
                    try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
                                               from: delivery.previousSnapshot)
                } catch {
                    lastError = error
                }
            }
        }
    }

    /// A table view's stand-in: the cell shown at a path.
    final class TableView {
        var cells: [ItemPath: String] = [:]
        func cellForRow(at indexPath: ItemPath) -> String? { cells[indexPath] }
    }

    /// A delegate with `controller(_:didChangeObject:at:for:newIndexPath:)`'s example as its
    /// method, verbatim; the table view and `configure(_:with:)` are the test's.
    @MainActor final class EventsTable: @MainActor FetchedResultsControllerDelegate {
        let tableView = TableView()
        var configured: [String] = []

        func configure(_ cell: String?, with event: Event) {
            configured.append("\(cell ?? "no cell"): \(event.title)")
        }

        func controller(_ controller: FetchedResultsController<Event>, didChangeObject event: Event?, at indexPath: ItemPath?, for type: FetchedResultsChangeType, newIndexPath: ItemPath?) {
            if type == .update, let event, let indexPath { configure(tableView.cellForRow(at: indexPath), with: event) }
        }
    }

    /// A store with two events, and a fetched controller of them on the view context, with
    /// `delegate`.
    func fetched(delegate: any FetchedResultsControllerDelegate<Event, ObjectID>) throws -> (PersistentContainer, FetchedResultsController<Event>, [ObjectID]) {
        let container = try SampleScores.container()
        let ids = try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)]], in: container)
        let request = FetchRequest<Event>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.start)])
        let controller = FetchedResultsController(fetchRequest: request, managedObjectContext: container.viewContext)
        controller.delegate = delegate
        try controller.performFetch()
        return (container, controller, ids)
    }

    /// The protocol's example (`EventsList`, declared in the suite verbatim): each delivery
    /// reaches the data source, in order, the first one reloading it.
    @Test func aMainActorDelegateAppliesEveryDeliveryInOrder() async throws {
        let view = HeadlessListView<String, ObjectID, String>()
        let list = EventsList(dataSource: DiffableDataSource(view: view) { _, _, id in "\(id)" })
        let (container, controller, ids) = try fetched(delegate: list)
        try container.viewContext.existingObject(with: ids[1], as: Event.self).start = .distantPast
        container.viewContext.processPendingChanges()
        try container.viewContext.existingObject(with: ids[0], as: Event.self).title = "Cup final"
        container.viewContext.processPendingChanges()
        await eventually { view.snapshot == controller.snapshot }
        #expect(list.lastError == nil)
        #expect(view.reloadCount == 1 && view.batchUpdateCount == 2 && view.invalidUpdateCount == 0)
    }

    /// The object method's example (`EventsTable`, declared in the suite): an object that
    /// changed in place has its cell configured at its path.
    @Test func anUpdatedObjectsCellIsConfiguredAtItsPath() throws {
        let table = EventsTable()
        table.tableView.cells[ItemPath(section: 0, item: 1)] = "second row"
        let (container, controller, ids) = try fetched(delegate: table)
        try container.viewContext.existingObject(with: ids[1], as: Event.self).title = "Semi-final"
        container.viewContext.processPendingChanges()
        #expect(table.configured == ["second row: Semi-final"])
        withExtendedLifetime(controller) {}
    }
}
