/// The results of a fetch: every object, when the fetch materialised them, or the keys and the
/// objects materialised so far, batch by batch.
final class FetchedObjectsStorage {
    let context: ManagedObjectContext
    let entity: EntityDescription
    let count: Int
    /// Every result, when the fetch itself materialised them (no batch size).
    private let materialized: [ManagedObject]?
    /// With a batch size: the results' keys and the objects loaded so far.
    private let keys: [Int64]
    private var loaded: ContiguousArray<ManagedObject?>
    private let batchSize: Int
    private let prefetch: [[RelationshipDescription]]
    private(set) var batchesLoaded = 0
    private var loadedCount = 0
    /// The point of the context's change stream the results reflect.
    var sequenceNumber: Int64 = 0

    /// Results already materialised, kept as they are.
    init(context: ManagedObjectContext, entity: EntityDescription, objects: [ManagedObject]) {
        self.context = context
        self.entity = entity
        self.count = objects.count
        self.materialized = objects
        self.keys = []
        self.loaded = []
        self.batchSize = max(1, objects.count)
        self.prefetch = []
    }

    /// Results materialised `batchSize` at a time, prefetching `prefetch` for each batch.
    init(context: ManagedObjectContext, entity: EntityDescription, keys: [Int64], batchSize: Int, prefetch: [[RelationshipDescription]]) {
        self.context = context
        self.entity = entity
        self.count = keys.count
        self.materialized = nil
        self.keys = keys
        self.loaded = ContiguousArray(repeating: nil, count: keys.count)
        self.batchSize = max(1, batchSize)
        self.prefetch = prefetch
    }

    /// How many results are objects in memory.
    var materializedCount: Int {
        materialized == nil ? loadedCount : count
    }

    var objectIDs: [ObjectID] {
        if let materialized { return materialized.map(\.objectID) }
        return keys.map { context.objectID(entity: entity.index, key: $0) }
    }

    func object(at index: Int) -> ManagedObject {
        if let materialized { return materialized[index] }
        if let object = loaded[index] { return object }
        loadBatch(containing: index)
        return loaded[index] ?? context.registeredOrFault(entity: entity.index, key: keys[index])
    }

    /// Materialises the batch around `index` with one query for the objects not yet loaded in the
    /// context. If reading fails, the objects stay faults (they load on first access).
    private func loadBatch(containing index: Int) {
        context.assertOnQueue()
        let start = index / batchSize * batchSize
        let range = start..<min(start + batchSize, keys.count)
        let objects = context.objectsNotingFailure(entity: entity, keys: Array(keys[range]))
        for (offset, object) in zip(range, objects) where loaded[offset] == nil {
            loaded[offset] = object
            loadedCount += 1
        }
        batchesLoaded += 1
        try? context.prefetch(prefetch, of: objects)
    }
}
