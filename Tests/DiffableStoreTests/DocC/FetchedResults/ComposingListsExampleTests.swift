// Guards the examples of the article on composing lists:
// Sources/FetchedResults/Documentation.docc/ComposingLists.md.
import DiffableStore
import Foundation
import Testing
import TestSupport

@MainActor @Suite struct ComposingListsExampleTests {
    typealias Sport = SampleScores.Sport
    typealias Match = SampleScores.Event

    enum HomeSection: Hashable, Sendable {
        case banners
        case sportsPicker
        case featured
        case standard(sport: String)
        case live(sport: String)
    }

    enum HomeItem: Hashable, Sendable {
        case banner(id: Int)
        case sport(ObjectID)
        case featured(ObjectID)
        case match(ObjectID)
        case liveMatch(ObjectID)
    }

    /// An ad of the banners file.
    struct Ad: Decodable {
        var id: Int
    }

    /// A fetched controller of the matches `format` selects, by sport when `bySport`.
    func matches(_ format: String, bySport: Bool, in container: PersistentContainer) throws -> FetchedResultsController<Match> {
        let request = FetchRequest<Match>(predicate: try FetchPredicate(format: format), sortDescriptors: [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.start)])
        let controller = FetchedResultsController(fetchRequest: request, managedObjectContext: container.viewContext, sectionNameKeyPath: bySport ? "sport.name" : nil)
        try controller.performFetch()
        return controller
    }

    /// The article's snippets in order (the identifiers declared in the suite), verbatim, the
    /// loop of "Showing the list" run on a task the test ends once the data source shows the
    /// list, then a decoration's change; the test supplies the banners file, the controllers,
    /// the view `collection`, `cell(for:)`, and the match and item of the decoration.
    @Test func theHomeScreenIsComposedShownAndDecorated() async throws {
        let container = try SampleScores.container()
        let ids = try SampleScores.save(["Football": [("Final", 900), ("Semi", 800)], "Tennis": [("Open", 100)]], in: container)
        let json = Data(#"[{"id": 1}, {"id": 2}]"#.utf8)
        let sports = FetchedResultsController<Sport>(fetchRequest: FetchRequest(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)]), managedObjectContext: container.viewContext)
        try sports.performFetch()
        let featured = try matches("attendance > 850", bySport: false, in: container)
        let standardBySport = try matches("isLive == NO", bySport: true, in: container)
        let liveBySport = try matches("isLive == YES", bySport: true, in: container)
        let collection = HeadlessListView<HomeSection, HomeItem, String>()
        let matchID = ids[1]
        let item = HomeItem.match(matchID)

        let composer = SnapshotComposer<HomeSection, HomeItem>()

        var banners = DiffableDataSourceSnapshot<HomeSection, HomeItem>()
        banners.appendSections([.banners])
        banners.appendItems(try JSONDecoder().decode([Ad].self, from: json).map { .banner(id: $0.id) })
        let bannerSlot = composer.addStaticSlot("banners", snapshot: banners)

        composer.addSlot("sports", controller: sports,
                         section: { _ in .sportsPicker }, item: { .sport($0) })
        composer.addSlot("featured", controller: featured, placeholder: .featured,
                         section: { _ in .featured }, item: { .featured($0) })
        composer.addSlot("standard", controller: standardBySport,     // sectionNameKeyPath: "sport.name"
                         section: { .standard(sport: $0) }, item: { .match($0) })
        composer.addSlot("live", controller: liveBySport,
                         section: { .live(sport: $0) }, item: { .liveMatch($0) })

        let loop = Task {
            let dataSource = DiffableDataSource(view: collection) { _, _, item in cell(for: item) }
            for await composition in composer.compositions() {   // the list so far, then every change
                try await dataSource.apply(composition.snapshot, using: composition.batchUpdate,
                                           from: composition.previousSnapshot)
            }
        }

        await eventually { collection.reloadCount == 1 }

        composer.setDecoration(true, for: .match(matchID))
        // in the cell provider:
        let onSlip = composer.decoration(for: item, as: Bool.self) ?? false

        #expect(onSlip)
        #expect(bannerSlot.name == "banners")
        await eventually { collection.batchUpdateCount == 1 }
        try await end(loop)
        #expect(collection.snapshot.sectionIdentifiers == [.banners, .sportsPicker, .featured, .standard(sport: "Football"), .live(sport: "Football"), .live(sport: "Tennis")])
        #expect(collection.snapshot.itemIdentifiers == composer.snapshot.itemIdentifiers)
        #expect(collection.invalidUpdateCount == 0)
    }
}

/// The cell of an item of the home screen.
private func cell(for item: ComposingListsExampleTests.HomeItem) -> String {
    "\(item)"
}
