import DiffableSnapshots
@testable import FetchedResults
import Foundation
import ObjectStore
import Testing

/// A banner of the home screen, as the banners file holds it.
struct Banner: Codable, Hashable {
    var id: Int
    var title: String
}

/// The home screen of a betting app, composed: banners decoded from JSON, a sports picker, the
/// featured matches, the standard matches by group and the live matches by sport, each a slot
/// (four controllers over two entities, with and without sections).
@MainActor final class HomeScreen {
    typealias Snapshot = DiffableDataSourceSnapshot<TestSection, TestItem>

    let container: PersistentContainer
    var context: ManagedObjectContext { container.viewContext }
    let composer = SnapshotComposer<TestSection, TestItem>()
    /// Every composition, from the first.
    let log: CompositionLog<TestSection, TestItem>
    let sports: FetchedResultsController<Sport>
    let featured: FetchedResultsController<Match>
    let standard: FetchedResultsController<Match>
    let live: FetchedResultsController<Match>
    let bannersSlot: ComposerSlot
    private(set) var controllerSlots: [ComposerSlot] = []
    /// The banners as last decoded.
    private(set) var banners: [Banner]

    static func sportsRequest() -> FetchRequest<Sport> {
        var request = FetchRequest<Sport>()
        request.sortDescriptors = [FetchSortDescriptor(\.rank), FetchSortDescriptor(\.name)]
        return request
    }

    static func featuredRequest() throws -> FetchRequest<Match> {
        var request = FetchRequest<Match>(predicate: try FetchPredicate(format: "isLive == NO AND score >= 7"))
        request.sortDescriptors = [FetchSortDescriptor(\.score, ascending: false), FetchSortDescriptor(\.title)]
        return request
    }

    static func standardRequest() throws -> FetchRequest<Match> {
        var request = FetchRequest<Match>(predicate: try FetchPredicate(format: "isLive == NO"))
        request.sortDescriptors = [FetchSortDescriptor(\.group), FetchSortDescriptor(\.score)]
        return request
    }

    static func liveRequest() throws -> FetchRequest<Match> {
        var request = FetchRequest<Match>(predicate: try FetchPredicate(format: "isLive == YES"))
        request.sortDescriptors = [FetchSortDescriptor("sport.name"), FetchSortDescriptor(\.score, ascending: false)]
        return request
    }

    /// A home screen over `container`; the controllers fetch before their slots are added when
    /// `fetchFirst`, after otherwise.
    init(container: PersistentContainer, banners: [Banner], fetchFirst: Bool) throws {
        self.container = container
        log = CompositionLog(composer)
        let context = container.viewContext
        sports = FetchedResultsController(fetchRequest: Self.sportsRequest(), managedObjectContext: context)
        featured = FetchedResultsController(fetchRequest: try Self.featuredRequest(), managedObjectContext: context)
        standard = FetchedResultsController(fetchRequest: try Self.standardRequest(), managedObjectContext: context, sectionNameKeyPath: "group")
        live = FetchedResultsController(fetchRequest: try Self.liveRequest(), managedObjectContext: context, sectionNameKeyPath: "sport.name")
        let controllers: [any FetchingController] = [sports, featured, standard, live]
        if fetchFirst { for controller in controllers { try controller.performFetch() } }
        self.banners = banners
        bannersSlot = composer.addStaticSlot("banners", snapshot: Self.bannerSnapshot(banners))
        controllerSlots = [
            composer.addSlot("sports", controller: sports, section: { _ in .sports }, item: { .sport($0) }),
            composer.addSlot("featured", controller: featured, placeholder: .empty("featured"), section: { _ in .featured }, item: { .featured($0) }),
            composer.addSlot("standard", controller: standard, section: { .group($0) }, item: { .match($0) }),
            composer.addSlot("live", controller: live, section: { .live($0) }, item: { .live($0) }),
        ]
        if !fetchFirst { for controller in controllers { try controller.performFetch() } }
    }

    /// The controllers in slot order.
    var controllers: [any FetchingController] { [sports, featured, standard, live] }

    static func bannerSnapshot(_ banners: [Banner]) -> Snapshot {
        var snapshot = Snapshot()
        guard !banners.isEmpty else { return snapshot }
        snapshot.appendSections([.banners])
        snapshot.appendItems(banners.map { .banner($0.id) })
        return snapshot
    }

    /// Replaces the banners with those the JSON file `data` holds.
    func replaceBanners(json data: Data) throws {
        banners = try JSONDecoder().decode([Banner].self, from: data)
        composer.replace(bannersSlot, with: Self.bannerSnapshot(banners))
    }

    /// What the composer should show: fresh fetches of the four requests, mapped through the
    /// slots and concatenated in slot order, after the banners.
    func expected() throws -> Snapshot {
        var snapshot = Self.bannerSnapshot(banners)
        func append<Entity: ManagedObject>(_ request: FetchRequest<Entity>, sectionKey: String?, placeholder: TestSection? = nil, section: (String) -> TestSection, item: (ObjectID) -> TestItem) throws {
            let fresh = FetchedResultsController(fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: sectionKey)
            try fresh.performFetch()
            let results = fresh.snapshot
            if results.numberOfItems == 0, let placeholder { snapshot.appendSections([placeholder]) }
            for name in results.sectionIdentifiers {
                snapshot.appendSections([section(name)])
                snapshot.appendItems(results.itemIdentifiers(inSection: name).map(item))
            }
        }
        try append(Self.sportsRequest(), sectionKey: nil, section: { _ in .sports }, item: { .sport($0) })
        try append(try Self.featuredRequest(), sectionKey: nil, placeholder: .empty("featured"), section: { _ in .featured }, item: { .featured($0) })
        try append(try Self.standardRequest(), sectionKey: "group", section: { .group($0) }, item: { .match($0) })
        try append(try Self.liveRequest(), sectionKey: "sport.name", section: { .live($0) }, item: { .live($0) })
        return snapshot
    }

    /// Waits until the composer has taken in every delivery the controllers made so far and
    /// ``log`` has every composition.
    func settle(note: Comment) async throws {
        await context.perform {}
        for round in 0..<20_000 {
            let caughtUp = zip(controllerSlots, controllers).allSatisfy { composer.receivedGeneration(of: $0) == $1.generation }
            if caughtUp && log.count == composer.generation { return }
            if round < 100 { await Task.yield() } else { try await Task.sleep(for: .milliseconds(1)) }
        }
        Issue.record(Comment(rawValue: "the composer did not settle: \(note.rawValue)"))
        throw CancellationError()
    }
}

/// What the home screen needs of each controller, whatever its types.
@MainActor protocol FetchingController {
    func performFetch() throws(FetchedResultsError)
    var generation: Int { get }
}

extension IdentifiedFetchedResultsController: FetchingController {}
