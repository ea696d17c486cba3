import DiffableSnapshots
import FetchedResults
import Foundation
import ListDataSources
import ObjectStore

/// A headless list of the home screen and its data source: what both ways of keeping the home
/// screen up to date drive.
struct HomeList {
    typealias Snapshot = DiffableDataSourceSnapshot<HomeSection, HomeItem>

    let view = HeadlessListView<HomeSection, HomeItem, Int>(validatesUpdates: false, recordsHistory: false)
    let dataSource: DiffableDataSource<HomeSection, HomeItem>

    init() {
        dataSource = DiffableDataSource(view: view) { _, path, _ in path.item }
    }

    /// Runs `apply` on the data source and waits for it, from a thread that is not the main one's
    /// only path forward (the data source does not need the main queue).
    func wait(_ apply: @escaping @Sendable (DiffableDataSource<HomeSection, HomeItem>) async throws -> ApplyMethod) {
        let done = DispatchSemaphore(value: 0)
        let dataSource = dataSource
        Task.detached {
            _ = try? await apply(dataSource)
            done.signal()
        }
        done.wait()
    }

    /// The banners of the JSON file, as the banners slot shows them.
    static func banners() -> Snapshot {
        let banners = try! JSONDecoder().decode([HomeBanner].self, from: HomeStore.bannersJSON)
        var snapshot = Snapshot()
        snapshot.appendSections([.banners])
        snapshot.appendItems(banners.map { .banner($0.id) })
        return snapshot
    }
}

/// Ours: four controllers and the banners composed by a `SnapshotComposer`, every composition
/// applied to the list with its batch update. A save is reflected once every composition it
/// caused (one per controller that delivered) has been applied.
final class ComposedHome: ListFollower, @unchecked Sendable {
    let list = HomeList()
    let composer = SnapshotComposer<HomeSection, HomeItem>()
    let sports: FetchedResultsController<HomeSport>
    let featured: FetchedResultsController<HomeMatch>
    let standard: FetchedResultsController<HomeMatch>
    let live: FetchedResultsController<HomeMatch>
    private var slots: [ComposerSlot] = []
    /// By merged save: how many deliveries each controller had made once it merged (appended on
    /// the view context's queue, read by the live run).
    private let targets = Locked([[Int]]())
    private var shown = 0
    private var token: ObservationToken?
    private var consumer: Task<Void, Never>?
    /// By slot: compositions applied.
    private let applied = AppliedCounts()

    /// Fetches, composes and shows the home screen (on the main thread).
    init(store: HomeStore) throws {
        let context = store.container.viewContext
        let requests = HomeStore.requests
        sports = FetchedResultsController(fetchRequest: requests.sports, managedObjectContext: context)
        featured = FetchedResultsController(fetchRequest: requests.featured, managedObjectContext: context)
        standard = FetchedResultsController(fetchRequest: requests.standard, managedObjectContext: context, sectionNameKeyPath: "sport")
        live = FetchedResultsController(fetchRequest: requests.live, managedObjectContext: context, sectionNameKeyPath: "sport")
        for controller in controllers { try controller.performFetch() }
        let compositions = composer.compositions()
        composer.addStaticSlot("banners", snapshot: HomeList.banners())
        slots = [
            composer.addSlot("sports", controller: sports, section: { _ in .sports }, item: { .sport($0) }),
            composer.addSlot("featured", controller: featured, section: { _ in .featured }, item: { .featured($0) }),
            composer.addSlot("standard", controller: standard, section: { .standard($0) }, item: { .match($0) }),
            composer.addSlot("live", controller: live, section: { .live($0) }, item: { .live($0) }),
        ]
        let start = composer.generation
        let first = composer.snapshot
        list.wait { try await $0.apply(first) }
        let dataSource = list.dataSource
        let applied = applied
        let slots = slots
        consumer = Task.detached {
            for await composition in compositions where composition.generation > start {
                _ = try? await dataSource.apply(composition.snapshot, using: composition.batchUpdate, from: composition.previousSnapshot)
                applied.add(composition.changedSlots.compactMap { slots.firstIndex(of: $0) }, slots: slots.count)
                DispatchQueue.main.async {}  // wakes the main run loop to look
            }
        }
        // Registered after the controllers', so it runs after they delivered for the merge.
        let base = controllers.map(\.generation)
        token = context.addChangeObserver { [unowned self] event in
            guard event.kind == .merge else { return }
            let target = zip(controllers, base).map { $0.generation - $1 }
            targets.withLock { $0.append(target) }
        }
    }

    deinit {
        consumer?.cancel()
    }

    var controllers: [any GeneratingController] { [sports, featured, standard, live] }

    func reflected() -> Int {
        let counts = applied.counts(slots: slots.count)
        let targets = self.targets.withLock { $0[shown...] }
        for target in targets {
            guard zip(target, counts).allSatisfy({ $0 <= $1 }) else { break }
            shown += 1
        }
        return shown
    }
}

/// What the pipeline needs of each controller, whatever its types.
protocol GeneratingController {
    func performFetch() throws(FetchedResultsError)
    var generation: Int { get }
}

extension IdentifiedFetchedResultsController: GeneratingController {}

/// Compositions applied, by slot, counted on the applying task and read on the main thread.
final class AppliedCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []

    func add(_ slots: [Int], slots count: Int) {
        lock.withLock {
            if values.count < count { values = Array(repeating: 0, count: count) }
            for slot in slots { values[slot] += 1 }
        }
    }

    func counts(slots count: Int) -> [Int] {
        lock.withLock { values.isEmpty ? Array(repeating: 0, count: count) : values }
    }
}

/// The hand-made way: on each merged save, refetch every request's IDs and section keys, rebuild
/// the combined snapshot and let the data source diff it against what the list shows. When
/// several saves merged meanwhile, one refetch reflects them all.
final class HandMadeHome: ListFollower, @unchecked Sendable {
    let list = HomeList()
    private let context: ManagedObjectContext
    /// Saves merged so far (counted on the view context's queue, read by the live run).
    private let merged = Locked(0)
    private var shown = 0
    private var token: ObservationToken?

    init(store: HomeStore) {
        context = store.container.viewContext
        let snapshot = rebuild()
        list.wait { try await $0.apply(snapshot) }
        token = context.addChangeObserver { [unowned self] event in
            if event.kind == .merge { merged.withLock { $0 += 1 } }
        }
    }

    func reflected() -> Int {
        let upTo = merged.withLock { $0 }
        if upTo > shown {
            let snapshot = rebuild()
            list.wait { try await $0.apply(snapshot) }
            shown = upTo
        }
        return shown
    }

    /// The home screen from fresh fetches, mapped and concatenated.
    private func rebuild() -> HomeList.Snapshot {
        var home = HomeList.banners()
        func append(_ results: DiffableDataSourceSnapshot<String, ObjectID>, section: (String) -> HomeSection, item: (ObjectID) -> HomeItem) {
            for name in results.sectionIdentifiers {
                home.appendSections([section(name)])
                home.appendItems(results.itemIdentifiers(inSection: name).map(item))
            }
        }
        let requests = HomeStore.requests
        append(refetchedSnapshot(requests.sports, sectionKey: nil, in: context), section: { _ in .sports }, item: { .sport($0) })
        append(refetchedSnapshot(requests.featured, sectionKey: nil, in: context), section: { _ in .featured }, item: { .featured($0) })
        append(refetchedSnapshot(requests.standard, sectionKey: "sport", in: context), section: { .standard($0) }, item: { .match($0) })
        append(refetchedSnapshot(requests.live, sectionKey: "sport", in: context), section: { .live($0) }, item: { .live($0) })
        return home
    }
}
