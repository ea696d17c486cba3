import DiffableSnapshots
import DiffableSupport
import FetchedResults
import Foundation
import ListDataSources
import ObjectStore

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
    private let targets = Locked([(counts: [Int], mergedAt: ContinuousClock.Instant)]())
    private(set) var reflectedAt: [ContinuousClock.Instant] = []
    /// By merged save: when the view context's first observer heard of the merge, before the
    /// controllers (for traces).
    private let mergeHeard = Locked([ContinuousClock.Instant]())
    private var token: ObservationToken?
    private var heardToken: ObservationToken?
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
        // Registered before the controllers', so it runs before they deliver for the merge.
        heardToken = context.addChangeObserver { [mergeHeard] event in
            if event.kind == .merge { mergeHeard.withLock { $0.append(ContinuousClock.now) } }
        }
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
            targets.withLock { $0.append((target, ContinuousClock.now)) }
        }
    }

    deinit {
        consumer?.cancel()
    }

    /// By merged save: when the merge reached the view context's observers, and when every
    /// controller had delivered for it.
    var mergeMoments: [(heard: ContinuousClock.Instant, delivered: ContinuousClock.Instant)] {
        let heard = mergeHeard.withLock { $0 }
        let delivered = targets.withLock { $0.map(\.mergedAt) }
        return Array(zip(heard, delivered))
    }

    var controllers: [any GeneratingController] { [sports, featured, standard, live] }

    func reflected() -> Int {
        let counts = applied.counts(slots: slots.count)
        let targets = self.targets.withLock { $0[reflectedAt.count...] }
        for target in targets {
            guard zip(target.counts, counts).allSatisfy({ $0 <= $1 }) else { break }
            // Reflected when the last composition it waited for was applied.
            var at = target.mergedAt
            for (slot, count) in target.counts.enumerated() where count > 0 {
                at = max(at, applied.time(slot: slot, count: count))
            }
            reflectedAt.append(at)
        }
        return reflectedAt.count
    }
}

/// What the pipeline needs of each controller, whatever its types.
protocol GeneratingController {
    func performFetch() throws(FetchedResultsError)
    var generation: Int { get }
}

extension IdentifiedFetchedResultsController: GeneratingController {}
