import FetchedResults
import Foundation
import ObjectStore
import SeededRandom

/// A sport of the aggregate benchmark.
final class BenchSport: ManagedObject {
    @Attribute var name = ""
}

/// A match of the aggregate benchmark: live or not, with a stake, in one sport.
final class BenchMatch: ManagedObject {
    @Attribute(.indexed) var isLive = false
    @Attribute var stake = 0
    @Relationship var sport: BenchSport?
}

/// One store of matches in 50 sports, a background writer that turns one match live or not per
/// save, and the view context that shows them.
final class LiveMatchStore: @unchecked Sendable {
    static let model = ManagedObjectModel([BenchSport.self, BenchMatch.self])
    static let sports = 50

    let container: PersistentContainer
    let writer: ManagedObjectContext
    private(set) var ids: [ObjectID] = []
    private var random = SplitMix64(seed: 11)

    /// Live matches per sport: the grouped request both sides answer.
    static var liveMatchesPerSport: FetchRequest<BenchMatch> {
        var request = FetchRequest<BenchMatch>(predicate: try! FetchPredicate(format: "isLive == YES"))
        request.resultType = .dictionaries
        request.propertiesToGroupBy = ["sport.name"]
        request.propertiesToFetch = ["sport.name", .count(\.stake, as: "n")]
        return request
    }

    /// A store at `url` with `count` matches, every third live, spread over 50 sports.
    init(url: URL, count: Int) throws {
        container = try PersistentContainer(name: "Bench", model: Self.model, store: StoreDescription(location: .file(url)))
        writer = container.newBackgroundContext()
        let writer = writer
        ids = try writer.performAndWait { () throws(ObjectStoreError) in
            var sportIDs: [ObjectID] = []
            for index in 0..<Self.sports {
                let sport = try writer.insert(BenchSport.self)
                sport.name = "Sport \(index)"
                sportIDs.append(sport.objectID)
            }
            try writer.save()
            return try insertInChunks(BenchMatch.self, count: count, into: writer) { match, index in
                match.isLive = index % 3 == 0
                match.stake = index % 100
                match.sport = try! writer.existingObject(with: sportIDs[index % Self.sports], as: BenchSport.self)
            }
        }
    }

    /// Turns one random match live, or not live, and saves.
    func saveOneChange() {
        let id = ids[Int.random(in: 0..<ids.count, using: &random)]
        writer.performAndWait {
            let match = try! writer.existingObject(with: id, as: BenchMatch.self)
            match.isLive.toggle()
            try! writer.save()
        }
    }
}

/// Ours: an aggregate controller on the view context; each delivery reflects one save.
final class AggregateFollower: ListFollower, FetchedAggregateControllerDelegate {
    let controller: FetchedAggregateController<BenchMatch>
    private(set) var reflectedAt: [ContinuousClock.Instant] = []

    init(store: LiveMatchStore) throws {
        controller = try FetchedAggregateController(fetchRequest: LiveMatchStore.liveMatchesPerSport, managedObjectContext: store.container.viewContext)
        controller.delegate = self
        try controller.performFetch()
        reflectedAt = []
    }

    func controller(_ controller: FetchedAggregateController<BenchMatch>, didChangeGroupsWith delivery: AggregateDelivery) {
        reflectedAt.append(ContinuousClock.now)
    }

    func reflected() -> Int { reflectedAt.count }
}

/// The baseline: the grouped fetch run again through the view context on each merged save
/// (one run reflects every save merged meanwhile).
final class GroupedRefetchFollower: ListFollower, @unchecked Sendable {
    private let context: ManagedObjectContext
    private var merged = 0
    private(set) var reflectedAt: [ContinuousClock.Instant] = []
    private var token: ObservationToken?

    init(store: LiveMatchStore) {
        context = store.container.viewContext
        // Called on the main queue, which is where `reflected()` reads the count.
        token = context.addChangeObserver { [unowned self] event in
            if event.kind == .merge { merged += 1 }
        }
    }

    func reflected() -> Int {
        if merged > reflectedAt.count {
            let upTo = merged
            blackHole(try! context.fetchDictionaries(LiveMatchStore.liveMatchesPerSport))
            let now = ContinuousClock.now
            reflectedAt += repeatElement(now, count: upTo - reflectedAt.count)
        }
        return reflectedAt.count
    }
}
