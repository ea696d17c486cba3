import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import SeededRandom

/// The controller benchmark's entity: a section key, a sort key and a title.
final class ListedItem: ManagedObject {
    @Attribute var group = 0
    @Attribute var rank = 0
    @Attribute var title = ""

    override class var indexes: [CompoundIndex] {
        [CompoundIndex(\ListedItem.group, \ListedItem.rank)]
    }
}

/// One store of listed items, a background writer that changes them, and the view context that
/// shows them. The writer's state is used by one thread at a time (the benchmark's, or its
/// writer thread while the main thread only follows).
final class ListedStore: @unchecked Sendable {
    static let model = ManagedObjectModel([ListedItem.self])
    static let sections = 50

    let container: PersistentContainer
    let writer: ManagedObjectContext
    private(set) var ids: [ObjectID] = []
    private var random = SplitMix64(seed: 7)
    private var nextTitle = 0

    var request: FetchRequest<ListedItem> {
        var request = FetchRequest<ListedItem>()
        request.sortDescriptors = [FetchSortDescriptor(\.group), FetchSortDescriptor(\.rank)]
        return request
    }

    /// A store at `url` with `count` items in 50 groups.
    init(url: URL, count: Int) throws {
        container = try PersistentContainer(name: "Bench", model: Self.model, store: StoreDescription(location: .file(url)))
        writer = container.newBackgroundContext()
        let writer = writer
        var ids: [ObjectID] = []
        ids.reserveCapacity(count)
        try writer.performAndWait { () throws(ObjectStoreError) in
            var start = 0
            while start < count {
                let end = min(count, start + 100_000)
                var chunk: [ListedItem] = []
                for index in start..<end {
                    let item = try writer.insert(ListedItem.self)
                    item.group = index % Self.sections
                    item.rank = (index &* 7919) % 1_000_003
                    item.title = "Item \(index)"
                    chunk.append(item)
                }
                try writer.save()
                ids += chunk.map(\.objectID)
                writer.reset()
                start = end
            }
        }
        self.ids = ids
        nextTitle = count
    }

    /// Gives `count` random items a new rank (a sort key) and saves.
    func saveRankChanges(_ count: Int) {
        let picks = (0..<count).map { _ in ids[Int.random(in: 0..<ids.count, using: &random)] }
        let ranks = (0..<count).map { _ in Int.random(in: 0..<1_000_003, using: &random) }
        writer.performAndWait {
            for (id, rank) in zip(picks, ranks) {
                (try! writer.existingObject(with: id, as: ListedItem.self)).rank = rank
            }
            try! writer.save()
        }
    }

    /// 100 mixed changes in one save: 40 sort-key changes, 20 section changes, 20 title changes
    /// (marks), 10 inserts and 10 deletes.
    func saveMixedBatch() {
        var picks = Set<ObjectID>()
        while picks.count < 90 { picks.insert(ids[Int.random(in: 0..<ids.count, using: &random)]) }
        let chosen = Array(picks)
        let values = (0..<100).map { _ in Int.random(in: 0..<1_000_003, using: &random) }
        let title = nextTitle
        nextTitle += 10
        let inserted: [ObjectID] = writer.performAndWait {
            for (offset, id) in chosen.enumerated() {
                let item = try! writer.existingObject(with: id, as: ListedItem.self)
                switch offset {
                case 0..<40: item.rank = values[offset]
                case 40..<60: item.group = values[offset] % Self.sections
                case 60..<80: item.title = "Edited \(values[offset])"
                default: writer.delete(item)
                }
            }
            var added: [ListedItem] = []
            for index in 0..<10 {
                let item = try! writer.insert(ListedItem.self)
                item.group = values[80 + index] % Self.sections
                item.rank = values[90 + index]
                item.title = "Item \(title + index)"
                added.append(item)
            }
            try! writer.save()
            return added.map(\.objectID)
        }
        let deleted = Set(chosen[80..<90])
        ids.removeAll { deleted.contains($0) }
        ids += inserted
    }
}

/// What a list shows of a store, kept up to date one way or another: `reflected` counts the
/// saves it shows so far.
protocol ListFollower: AnyObject {
    /// How many of the writer's saves the list reflects, once pending main-queue work has run.
    func reflected() -> Int
    /// When the list came to reflect each of those saves, in order: the moment the delivery (or
    /// refetch) that reflects it was complete.
    var reflectedAt: [ContinuousClock.Instant] { get }
}

/// Ours: a fetched results controller on the view context; each delivery reflects one save.
final class ControllerFollower: ListFollower, FetchedResultsControllerDelegate {
    let controller: FetchedResultsController<ListedItem>
    private(set) var reflectedAt: [ContinuousClock.Instant] = []

    init(store: ListedStore) throws {
        controller = FetchedResultsController(fetchRequest: store.request, managedObjectContext: store.container.viewContext, sectionNameKeyPath: "group")
        controller.delegate = self
        try controller.performFetch()
        reflectedAt = []
    }

    func controller(_ controller: FetchedResultsController<ListedItem>, didChangeContentWith delivery: FetchedResultsDelivery<ObjectID>) {
        reflectedAt.append(ContinuousClock.now)
    }

    func reflected() -> Int { reflectedAt.count }
}

/// The baseline: what a controller that refetches does. On each merged save it fetches the
/// request's IDs and section keys again, builds the snapshot and diffs it against the previous
/// one. When several saves merged meanwhile, one refetch reflects them all.
final class RefetchFollower: ListFollower, @unchecked Sendable {
    private let context: ManagedObjectContext
    private let request: FetchRequest<ListedItem>
    private var snapshot = DiffableDataSourceSnapshot<String, ObjectID>()
    private var merged = 0
    private(set) var reflectedAt: [ContinuousClock.Instant] = []
    private var token: ObservationToken?

    init(store: ListedStore) {
        context = store.container.viewContext
        request = store.request
        snapshot = refetch()
        // Called on the main queue, which is where `reflected()` reads the count.
        token = context.addChangeObserver { [unowned self] event in
            if event.kind == .merge { merged += 1 }
        }
    }

    func reflected() -> Int {
        if merged > reflectedAt.count {
            let upTo = merged
            let new = refetch()
            blackHole(BatchUpdate(from: snapshot, to: new))
            snapshot = new
            let now = ContinuousClock.now
            reflectedAt += repeatElement(now, count: upTo - reflectedAt.count)
        }
        return reflectedAt.count
    }

    /// The request's results as a snapshot: IDs, then the section key of each, in order.
    private func refetch() -> DiffableDataSourceSnapshot<String, ObjectID> {
        let ids = try! context.fetchObjectIDs(request)
        var keys = request
        keys.resultType = .dictionaries
        keys.propertiesToFetch = ["group"]
        guard case .dictionaries(let rows) = try! context.execute(keys) else { preconditionFailure("dictionaries expected") }
        var snapshot = DiffableDataSourceSnapshot<String, ObjectID>()
        var start = 0
        while start < ids.count {
            let name = "\(rows[start]["group"] as? Int ?? 0)"
            var end = start + 1
            while end < ids.count, "\(rows[end]["group"] as? Int ?? 0)" == name { end += 1 }
            snapshot.appendSections([name])
            snapshot.appendItems(Array(ids[start..<end]), toSection: name)
            start = end
        }
        return snapshot
    }
}

/// Runs the main queue (which serves the view context) until `follower` reflects `saves` saves.
func waitUntil(_ follower: any ListFollower, reflects saves: Int) {
    while follower.reflected() < saves {
        _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
}
