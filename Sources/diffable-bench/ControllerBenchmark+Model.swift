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
        ids = try writer.performAndWait { () throws(ObjectStoreError) in
            try insertInChunks(ListedItem.self, count: count, into: writer) { item, index in
                item.group = index % Self.sections
                item.rank = (index &* 7919) % 1_000_003
                item.title = "Item \(index)"
            }
        }
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

    /// A request for the objects with `ids`.
    static func objects(_ ids: [ObjectID]) -> FetchRequest<ListedItem> {
        FetchRequest(predicate: try! FetchPredicate(format: "SELF IN %@", argumentArray: [ids]))
    }

    /// 100 mixed changes in one save: 40 sort-key changes, 20 section changes, 20 title changes
    /// (marks), 10 inserts and 10 deletes; the 90 objects changed or deleted are loaded with one
    /// fetch.
    func saveMixedBatch() {
        var picks = Set<Int>()
        while picks.count < 90 { picks.insert(Int.random(in: 0..<ids.count, using: &random)) }
        let positions = Array(picks)
        let chosen = positions.map { ids[$0] }
        let values = (0..<100).map { _ in Int.random(in: 0..<1_000_003, using: &random) }
        let title = nextTitle
        nextTitle += 10
        let inserted: [ObjectID] = writer.performAndWait {
            // The 90 objects are loaded with one fetch, as an app editing a known set of objects
            // would (`SELF IN`), not with one query each.
            let loaded = Dictionary(uniqueKeysWithValues: Array(try! writer.fetch(Self.objects(chosen))).map { ($0.objectID, $0) })
            for (offset, id) in chosen.enumerated() {
                let item = loaded[id]!
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
        // The inserted objects take the deleted ones' places in `ids`: O(1) each, where removing
        // them from a million IDs would be timed with the save.
        for (position, id) in zip(positions[80..<90], inserted) { ids[position] = id }
    }
}

/// Inserts `count` objects into `writer`, each set up by `configure` with its index, saving and
/// resetting the context every 100,000 so that memory stays flat; returns their IDs in order.
/// Call it on the writer's queue.
func insertInChunks<Entity: ManagedObject>(_ type: Entity.Type, count: Int, into writer: ManagedObjectContext, _ configure: (Entity, Int) -> Void) throws(ObjectStoreError) -> [ObjectID] {
    var ids: [ObjectID] = []
    ids.reserveCapacity(count)
    var start = 0
    while start < count {
        let end = min(count, start + 100_000)
        var chunk: [Entity] = []
        for index in start..<end {
            let object = try writer.insert(Entity.self)
            configure(object, index)
            chunk.append(object)
        }
        try writer.save()
        ids += chunk.map(\.objectID)
        writer.reset()
        start = end
    }
    return ids
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

    private func refetch() -> DiffableDataSourceSnapshot<String, ObjectID> {
        refetchedSnapshot(request, sectionKey: "group", in: context)
    }
}

/// What a list that refetches shows: the request's IDs, then the section key of each (in a
/// second query), cut into sections as a controller names them (one section `""` without a
/// section key). A writer that saves between the two queries makes them disagree: then both are
/// read again.
func refetchedSnapshot<Entity: ManagedObject>(_ request: FetchRequest<Entity>, sectionKey: String?, in context: ManagedObjectContext) -> DiffableDataSourceSnapshot<String, ObjectID> {
    while true {
        if let snapshot = tryRefetchedSnapshot(request, sectionKey: sectionKey, in: context) { return snapshot }
    }
}

/// ``refetchedSnapshot(_:sectionKey:in:)`` once; nil when its two queries disagree.
private func tryRefetchedSnapshot<Entity: ManagedObject>(_ request: FetchRequest<Entity>, sectionKey: String?, in context: ManagedObjectContext) -> DiffableDataSourceSnapshot<String, ObjectID>? {
    let ids = try! context.fetchObjectIDs(request)
    var snapshot = DiffableDataSourceSnapshot<String, ObjectID>()
    guard let sectionKey else {
        if !ids.isEmpty {
            snapshot.appendSections([""])
            snapshot.appendItems(ids)
        }
        return snapshot
    }
    var keys = request
    keys.resultType = .dictionaries
    keys.propertiesToFetch = [FetchKeyPath(sectionKey)]
    guard case .dictionaries(let rows) = try! context.execute(keys) else { preconditionFailure("dictionaries expected") }
    guard rows.count == ids.count else { return nil }
    func name(_ row: Int) -> String { rows[row][sectionKey].map { "\($0)" } ?? "" }
    var start = 0
    while start < ids.count {
        let section = name(start)
        var end = start + 1
        while end < ids.count, name(end) == section { end += 1 }
        guard snapshot.indexOfSection(section) == nil else { return nil }
        snapshot.appendSections([section])
        snapshot.appendItems(Array(ids[start..<end]), toSection: section)
        start = end
    }
    return snapshot
}

/// Runs the main queue (which serves the view context) until `follower` reflects `saves` saves.
func waitUntil(_ follower: any ListFollower, reflects saves: Int) {
    while follower.reflected() < saves {
        _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
}
