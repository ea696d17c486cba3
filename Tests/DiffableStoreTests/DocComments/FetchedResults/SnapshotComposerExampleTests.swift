// Guards the examples in the documentation comments of `SnapshotComposer` and
// `SnapshotComposition`: Sources/FetchedResults/Composer/SnapshotComposer.swift,
// SnapshotComposer+Slots.swift, SnapshotComposer+Decorations.swift and SnapshotComposition.swift.
import DiffableStore
import Testing
import TestSupport

@MainActor @Suite struct SnapshotComposerExampleTests {
    typealias Sport = SampleScores.Sport
    typealias Event = SampleScores.Event

    enum HomeSection: Hashable, Sendable {
        case banners, sportsPicker, standard(sport: String), live(sport: String)
    }

    enum HomeItem: Hashable, Sendable {
        case banner(Int), sport(ObjectID), match(ObjectID), selection(Int)
    }

    /// An ad of the banners the static slot's example shows.
    struct Ad {
        var id: Int
    }

    /// A store of two sports with an event each, the first live, and fetched controllers of the
    /// sports and of the events by sport.
    func fetchedControllers() throws -> (FetchedResultsController<Sport>, FetchedResultsController<Event>) {
        let container = try SampleScores.container()
        try SampleScores.save(["Football": [("Final", 900)], "Tennis": [("Open", 100)]], in: container)
        let context = container.viewContext
        let sports = FetchedResultsController<Sport>(fetchRequest: FetchRequest(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)]), managedObjectContext: context)
        let events = FetchedResultsController<Event>(
            fetchRequest: FetchRequest(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.start)]),
            managedObjectContext: context, sectionNameKeyPath: "sport.name")
        try sports.performFetch()
        try events.performFetch()
        return (sports, events)
    }

    /// The type's example (SnapshotComposer.swift), verbatim, its loop run on a task the test
    /// ends once the data source shows the composed list; the test supplies the banners, the
    /// controllers and the data source.
    @Test func aComposerComposesStaticAndControllerSlotsForADataSource() async throws {
        let (sports, liveMatches) = try fetchedControllers()
        var decodedBanners = DiffableDataSourceSnapshot<HomeSection, HomeItem>()
        decodedBanners.appendSections([.banners])
        decodedBanners.appendItems([.banner(1)])
        let view = HeadlessListView<HomeSection, HomeItem, String>()
        let dataSource = DiffableDataSource(view: view) { _, _, item in "\(item)" }

        let composer = SnapshotComposer<HomeSection, HomeItem>()
        let banners = composer.addStaticSlot("banners", snapshot: decodedBanners)
        composer.addSlot("sports", controller: sports,
                         section: { _ in .sportsPicker }, item: { .sport($0) })
        composer.addSlot("live", controller: liveMatches,
                         section: { .live(sport: $0) }, item: { .match($0) })

        let loop = Task {
            for await composition in composer.compositions() {
                try await dataSource.apply(composition.snapshot, using: composition.batchUpdate,
                                           from: composition.previousSnapshot)
            }
        }

        await eventually { view.snapshot.sectionIdentifiers == [.banners, .sportsPicker, .live(sport: "Football"), .live(sport: "Tennis")] }
        composer.replace(banners, with: DiffableDataSourceSnapshot())
        await eventually { view.snapshot.sectionIdentifiers.first == .sportsPicker }
        try await end(loop)
        #expect(view.snapshot == composer.snapshot)
        #expect(view.invalidUpdateCount == 0)
    }

    /// `SnapshotComposition`'s example (SnapshotComposition.swift), verbatim, its loop run on a
    /// task the test ends once the data source shows a replaced slot; the test supplies the
    /// composer and the data source.
    @Test func eachCompositionIsAppliedFromThePreviousOne() async throws {
        let composer = SnapshotComposer<HomeSection, HomeItem>()
        var banners = DiffableDataSourceSnapshot<HomeSection, HomeItem>()
        banners.appendSections([.banners])
        banners.appendItems([.banner(1)])
        let slot = composer.addStaticSlot("banners", snapshot: banners)
        let view = HeadlessListView<HomeSection, HomeItem, String>()
        let dataSource = DiffableDataSource(view: view) { _, _, item in "\(item)" }

        let loop = Task {
            for await composition in composer.compositions() {
                try await dataSource.apply(composition.snapshot, using: composition.batchUpdate,
                                           from: composition.previousSnapshot)
            }
        }

        await eventually { view.reloadCount == 1 }
        banners.appendItems([.banner(2)])
        composer.replace(slot, with: banners)
        await eventually { view.snapshot.numberOfItems == 2 }
        try await end(loop)
        #expect(view.batchUpdateCount == 1 && view.invalidUpdateCount == 0)
    }

    /// `addSlot(_:controller:placeholder:section:item:)`'s example (SnapshotComposer+Slots.swift),
    /// verbatim; the test supplies the composer and the controller, sectioned by sport.
    @Test func aControllerSlotMapsSectionsAndItems() throws {
        let (_, standardMatches) = try fetchedControllers()
        let composer = SnapshotComposer<HomeSection, HomeItem>()

        composer.addSlot("standard", controller: standardMatches,   // sectioned by "sport.name"
                         section: { .standard(sport: $0) }, item: { .match($0) })

        #expect(composer.snapshot.sectionIdentifiers == [.standard(sport: "Football"), .standard(sport: "Tennis")])
        #expect(composer.snapshot.itemIdentifiers == standardMatches.snapshot.itemIdentifiers.map { .match($0) })
    }

    /// `addStaticSlot(_:snapshot:placeholder:)`'s example (SnapshotComposer+Slots.swift),
    /// verbatim; the test supplies the composer and the ads.
    @Test func aStaticSlotShowsItsSnapshot() {
        let composer = SnapshotComposer<HomeSection, HomeItem>()
        let ads = [Ad(id: 7), Ad(id: 8)]

        var banners = DiffableDataSourceSnapshot<HomeSection, HomeItem>()
        banners.appendSections([.banners])
        banners.appendItems(ads.map { .banner($0.id) })
        let slot = composer.addStaticSlot("banners", snapshot: banners)

        #expect(slot.name == "banners")
        #expect(composer.snapshot == banners)
    }

    /// `setDecoration(_:for:)`'s example (SnapshotComposer+Decorations.swift), verbatim; the
    /// test supplies the composer, the selection and the cell provider's `item`.
    @Test func aDecorationIsSetAndReadForAnItem() {
        let composer = SnapshotComposer<HomeSection, HomeItem>()
        let selectionID = 3
        let item = HomeItem.selection(3)

        composer.setDecoration(true, for: .selection(selectionID))   // added to the bet slip
        // in the cell provider:
        let onSlip = composer.decoration(for: item, as: Bool.self) ?? false

        #expect(onSlip)
    }
}
