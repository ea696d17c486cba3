import DiffableStore
import Foundation
import Testing

final class QuickStartMatch: ManagedObject {
    @Attribute var title = ""
    @Attribute var sport = ""
    @Attribute(.indexed) var kickOff = Date.distantPast
}

/// The README's quick start, verbatim apart from the entity's name, the in-memory store, and the
/// terminal and the log captured instead of printed.
@MainActor @Test func theReadmeQuickStartHolds() async throws {
    let lines = LogLines()
    let container = try PersistentContainer(name: "Scores", model: ManagedObjectModel([QuickStartMatch.self]),
                                            store: .inMemory)
    let context = container.viewContext                        // main actor; merges every save

    var request = FetchRequest<QuickStartMatch>()
    request.sortDescriptors = [FetchSortDescriptor(\.sport), FetchSortDescriptor(\.kickOff)]
    let controller = FetchedResultsController<QuickStartMatch>(
        fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: "sport")

    let screen = TerminalScreen(size: TerminalSize(columns: 60, rows: 20))
    let view = UpdateLog(TerminalListView<String, ObjectID>(size: TerminalSize(columns: 60, rows: 20), output: screen)) {
        lines.append($0)
    }
    let dataSource = DiffableDataSource(view: view) { _, _, id in  // cells from identifiers
        try context.performAndWait { () throws -> TerminalCell in
            TerminalCell(try context.existingObject(with: id, as: QuickStartMatch.self).title)
        }
    }

    let deliveries = controller.deliveries()
    try controller.performFetch()
    try await container.performBackgroundTask { writer in        // a feed saving elsewhere
        let match = try writer.insert(QuickStartMatch.self)
        (match.title, match.sport) = ("Lions – Tigers", "Football")
        try writer.save()
    }
    for await delivery in deliveries.prefix(2) {                        // the fetch, then the save
        try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
                                   from: delivery.previousSnapshot)
    }
    #expect(lines.all == ["reload (0 sections, 0 items)", "reload (1 section, 1 item)"])
    #expect(screen.lines.prefix(2).map { $0.trimmingCharacters(in: .whitespaces) } == ["Football                                                   1", "Lions – Tigers"])
}
