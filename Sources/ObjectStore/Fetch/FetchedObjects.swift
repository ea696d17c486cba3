/// The objects a fetch returns, in order: a random-access collection that materialises objects
/// in batches as they are read when the request sets ``FetchRequest/fetchBatchSize``.
///
/// ```swift
/// var request = FetchRequest<Event>()
/// request.fetchBatchSize = 50
/// let events = try context.fetch(request)   // reads only the IDs
/// print(events.count)                        // no object materialised yet
/// print(events[120].title)                   // materialises objects 100..<150 in one query
/// ```
///
/// Use it on the context's queue, like the objects it holds. ``objectIDs`` never materialises
/// anything.
public struct FetchedObjects<Entity: ManagedObject>: RandomAccessCollection {
    let storage: FetchedObjectsStorage

    /// The position of the first object: results are indexed from zero, like an array.
    public var startIndex: Int { 0 }

    /// The position after the last object, which is the number of results.
    public var endIndex: Int { storage.count }

    /// The object at `position`, materialised (with its batch) on first access.
    ///
    /// - Complexity: O(1) once its batch is materialised; one query for the batch otherwise.
    public subscript(position: Int) -> Entity {
        unsafeDowncast(storage.object(at: position), to: Entity.self)
    }

    /// The IDs of the objects, in order, without materialising any.
    public var objectIDs: [ObjectID] {
        storage.objectIDs
    }

    /// The sequence number of the last event of the context's change stream that the results
    /// reflect: an observer following the context applies the events numbered above it (see
    /// ``ManagedObjectContext/executeReportingSequenceNumber(_:)``).
    public var sequenceNumber: Int64 {
        storage.sequenceNumber
    }

    /// How many batch queries have materialised objects so far (0 without a batch size).
    package var batchesLoaded: Int {
        storage.batchesLoaded
    }

    /// How many objects have been materialised so far.
    package var materializedCount: Int {
        storage.materializedCount
    }
}
