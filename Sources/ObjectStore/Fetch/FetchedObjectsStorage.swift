/// The keys of a fetch's results and the objects materialised so far.
final class FetchedObjectsStorage {
    let context: ManagedObjectContext
    let entity: EntityDescription
    let keys: [Int64]
    private var objects: ContiguousArray<ManagedObject?>
    private let batchSize: Int
    private let prefetch: [[RelationshipDescription]]
    private(set) var batchesLoaded = 0
    private(set) var materializedCount = 0

    /// Results already materialised.
    init(context: ManagedObjectContext, entity: EntityDescription, objects: [ManagedObject]) {
        self.context = context
        self.entity = entity
        self.keys = objects.map(\.objectID.key)
        self.objects = ContiguousArray(objects.map { Optional($0) })
        self.batchSize = max(1, objects.count)
        self.prefetch = []
        self.materializedCount = objects.count
    }

    /// Results materialised `batchSize` at a time, prefetching `prefetch` for each batch.
    init(context: ManagedObjectContext, entity: EntityDescription, keys: [Int64], batchSize: Int, prefetch: [[RelationshipDescription]]) {
        self.context = context
        self.entity = entity
        self.keys = keys
        self.objects = ContiguousArray(repeating: nil, count: keys.count)
        self.batchSize = max(1, batchSize)
        self.prefetch = prefetch
    }

    var objectIDs: [ObjectID] {
        keys.map { context.objectID(entity: entity.index, key: $0) }
    }

    func object(at index: Int) -> ManagedObject {
        if let object = objects[index] { return object }
        loadBatch(containing: index)
        return objects[index] ?? context.registeredOrFault(entity: entity.index, key: keys[index])
    }

    /// Materialises the batch around `index` with one query for the objects not yet loaded in the
    /// context. If reading fails, the objects stay faults (they load on first access).
    private func loadBatch(containing index: Int) {
        context.assertOnQueue()
        let start = index / batchSize * batchSize
        let range = start..<min(start + batchSize, keys.count)
        let loaded = context.materializeObjects(entity: entity, keys: Array(keys[range]))
        for (offset, object) in zip(range, loaded) where objects[offset] == nil {
            objects[offset] = object
            materializedCount += 1
        }
        batchesLoaded += 1
        try? context.prefetch(prefetch, of: loaded)
    }
}
