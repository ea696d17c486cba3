// Guards the examples of the DiffableStore getting-started article:
// Sources/DiffableStore/Documentation.docc/GettingStarted.md. Its `Package.swift` fragment is a
// manifest's, which no test compiles.
import DiffableStore
import Foundation
import Testing
import TestSupport

@MainActor @Suite struct DiffableStoreGettingStartedExampleTests {
    final class Sport: ManagedObject {
        @Attribute(.unique) var name = ""
        @Relationship(deleteRule: .cascade, inverse: \Match.sport) var matches: Set<Match>
    }

    final class Match: ManagedObject {
        @Attribute var title = ""
        @Attribute var score = "0 – 0"
        @Attribute(.indexed) var kickOff = Date.distantPast
        @Relationship var sport: Sport?
    }

    enum HomeSection: Hashable, Sendable { case banners, live(sport: String), upcoming(sport: String) }
    enum HomeItem: Hashable, Sendable { case banner(String), match(ObjectID) }

    /// A container of the article's model, with its two matches saved, on `store`.
    func filledContainer(_ store: StoreDescription) async throws -> PersistentContainer {
        let container = try PersistentContainer(
            name: "Scores", model: ManagedObjectModel([Sport.self, Match.self]), store: store)

        try await container.performBackgroundTask { context in
            let football = try context.insert(Sport.self)
            football.name = "Football"
            for (minutes, title) in [(0, "Lions – Tigers"), (90, "Bears – Wolves")] {
                let match = try context.insert(Match.self)
                (match.title, match.kickOff, match.sport) = (title, Date.now.addingTimeInterval(Double(minutes) * 60), football)
            }
            try context.save()
        }
        return container
    }

    /// "Open a store and fill it" (in `filledContainer(_:)`, the store a file in a temporary
    /// directory instead of the default location), "Fetch with a controller", "Make cells from
    /// identifiers", "Apply every delivery" and the background save that follows, verbatim
    /// apart from the terminal view's output, a screen, and the update log's lines, captured;
    /// `showMatches(of:)` runs on a task the test ends once the log shows the save.
    @Test func theTerminalListFollowsAScoreSavedInTheBackground() async throws {
        let screen = TerminalScreen(size: TerminalSize(columns: 60, rows: 20))
        let log = LogLines()
        try await withTemporaryStoreFile { store in
            let container = try await filledContainer(store)

            @MainActor func showMatches(of container: PersistentContainer) async throws {
                let context = container.viewContext
                var request = FetchRequest<Match>()
                request.sortDescriptors = [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.kickOff)]
                let controller = FetchedResultsController<Match>(
                    fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: "sport.name")

                let view = TerminalListView<String, ObjectID>(size: TerminalSize(columns: 60, rows: 20), output: screen)
                let dataSource = DiffableDataSource(view: UpdateLog(view) { log.append($0) }) { _, _, id in
                    try context.performAndWait { () throws -> TerminalCell in
                        let match = try context.existingObject(with: id, as: Match.self)
                        return TerminalCell(match.title, detail: match.score)
                    }
                }

                try controller.performFetch()
                for await delivery in controller.deliveries() {     // the fetch, then every change
                    try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
                                               from: delivery.previousSnapshot)
                }
            }

            let shown = Task { try await showMatches(of: container) }
            await eventually { log.all.count == 1 }

            try await container.performBackgroundTask { context in
                var request = FetchRequest<Match>()
                request.predicate = try FetchPredicate(format: "title == %@", "Lions – Tigers")
                try context.fetch(request).first?.score = "1 – 0"
                try context.save()
            }

            await eventually { log.all.count == 2 }
            try await end(shown)
        }
        #expect(log.all == ["reload (1 section, 2 items)", "C(0,0)"])
        #expect(screen.lines[1].hasPrefix(" * Lions – Tigers") && screen.lines[1].hasSuffix("1 – 0"))
    }

    /// "Search as you type", verbatim; the test supplies the controller and the text typed.
    @Test func aNewPredicateFetchesTheMatchingMatches() async throws {
        let container = try await filledContainer(.inMemory)
        let request = FetchRequest<Match>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.kickOff)])
        let controller = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: container.viewContext)
        try controller.performFetch()
        let typed = "wolves"

        controller.fetchRequest.predicate = try FetchPredicate(format: "title CONTAINS[cd] %@", typed)
        try controller.performFetch()

        #expect(controller.fetchedObjects?.map(\.title) == ["Bears – Wolves"])
        #expect(controller.generation == 2)
    }

    /// "Several sources in one list" (the identifiers declared in the suite), verbatim, its
    /// loop run on a task the test ends once the data source shows the composed list; the test
    /// supplies the two controllers and the data source.
    @Test func aComposerShowsTwoControllersAfterABannerSlot() async throws {
        let container = try await filledContainer(.inMemory)
        let request = FetchRequest<Match>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.kickOff)])
        let liveController = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: container.viewContext, sectionNameKeyPath: "sport.name")
        let upcomingController = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: container.viewContext, sectionNameKeyPath: "sport.name")
        try liveController.performFetch()
        let view = HeadlessListView<HomeSection, HomeItem, String>()
        let dataSource = DiffableDataSource(view: view) { _, _, item in "\(item)" }

        let composer = SnapshotComposer<HomeSection, HomeItem>()
        let banners = composer.addStaticSlot("banners")
        composer.addSlot("live", controller: liveController,
                         section: { .live(sport: $0) }, item: { .match($0) })
        composer.addSlot("upcoming", controller: upcomingController,
                         section: { .upcoming(sport: $0) }, item: { .match($0) })

        let loop = Task {
            for await composition in composer.compositions() {
                try await dataSource.apply(composition.snapshot, using: composition.batchUpdate,
                                           from: composition.previousSnapshot)
            }
        }

        var banner = DiffableDataSourceSnapshot<HomeSection, HomeItem>()
        banner.appendSections([.banners])
        banner.appendItems([.banner("welcome")])
        composer.replace(banners, with: banner)
        await eventually { view.snapshot.sectionIdentifiers == [.banners, .live(sport: "Football")] }
        try await end(loop)
        #expect(view.snapshot.numberOfItems == 3 && view.invalidUpdateCount == 0)
    }

    /// "Test without a screen", verbatim apart from its placeholder comment, where the test
    /// applies the controller's deliveries; it supplies the controller.
    @Test func aHeadlessViewShowsWhatTheControllerDelivered() async throws {
        let container = try await filledContainer(.inMemory)
        let request = FetchRequest<Match>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.kickOff)])
        let controller = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: container.viewContext)
        try controller.performFetch()

        let view = HeadlessListView<String, ObjectID, String>()
        let dataSource = DiffableDataSource(view: view) { _, _, id in id.description }
        for await delivery in controller.deliveries().prefix(1) {
            try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate, from: delivery.previousSnapshot)
        }
        #expect(view.invalidUpdateCount == 0)
        #expect(view.snapshot.itemIdentifiers == controller.snapshot.itemIdentifiers)
    }
}
