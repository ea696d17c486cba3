public import ObjectStore

/// One section of a controller's results (Core Data's `NSFetchedResultsSectionInfo`).
///
/// Holds object IDs; ``objects`` materialises them in the context, on its queue.
public struct FetchedResultsSectionInfo<ResultType: ManagedObject> {
    /// The section's name: its objects' section value (`""` for nil or without sections).
    public let name: String
    /// The section's index title.
    public let indexTitle: String?
    /// The IDs of the section's objects, in order.
    public let objectIDs: [ObjectID]
    let context: ManagedObjectContext

    init(name: String, indexTitle: String?, objectIDs: [ObjectID], context: ManagedObjectContext) {
        self.name = name
        self.indexTitle = indexTitle
        self.objectIDs = objectIDs
        self.context = context
    }

    /// The number of objects in the section.
    public var numberOfObjects: Int { objectIDs.count }

    /// The section's objects, in order (loaded in one query per 500 not loaded yet).
    public var objects: [ResultType] {
        context.loadObjects(objectIDs)
        return objectIDs.map { unsafeDowncast(context.object(with: $0), to: ResultType.self) }
    }
}
