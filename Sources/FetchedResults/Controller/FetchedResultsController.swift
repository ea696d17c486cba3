// The controller's code is in IdentifiedFetchedResultsController.swift and its +Fetch, +Following,
// +Incremental, +Delivery and +Access files; this file names its ObjectID form and initializers.
public import ObjectStore

/// A fetched results controller whose items are identified by `ObjectID`: Core Data's
/// `NSFetchedResultsController`, typed.
///
/// ```swift
/// var request = FetchRequest<Event>()
/// request.sortDescriptors = [FetchSortDescriptor(\.start)]
/// let controller = FetchedResultsController<Event>(fetchRequest: request, managedObjectContext: context)
/// try controller.performFetch()
/// controller.sections?.first?.numberOfObjects
/// ```
///
/// See ``IdentifiedFetchedResultsController`` for every member.
public typealias FetchedResultsController<ResultType: ManagedObject> = IdentifiedFetchedResultsController<ResultType, ObjectID>

extension IdentifiedFetchedResultsController where ItemIdentifierType == ObjectID {
    /// A controller over the results of `fetchRequest` in `managedObjectContext`, items
    /// identified by `ObjectID`, sections named by the key at `sectionNameKeyPath` (dotted
    /// through to-one relationships: `"sport.name"`).
    ///
    /// Nothing is fetched until ``performFetch()``, which reports a request that cannot be used.
    ///
    /// - Parameters:
    ///   - fetchRequest: The request; it needs a sort descriptor, and with a section key path
    ///     its first sort descriptor orders by that key.
    ///   - managedObjectContext: The context to fetch from and follow.
    ///   - sectionNameKeyPath: The key whose value names each object's section (nil: one
    ///     section named `""`); a nil value names the section `""`.
    ///   - cacheName: Accepted for Core Data parity; unused.
    public convenience init(fetchRequest: FetchRequest<ResultType>, managedObjectContext: ManagedObjectContext, sectionNameKeyPath: String? = nil, cacheName: String? = nil) {
        self.init(fetchRequest: fetchRequest, managedObjectContext: managedObjectContext, sectionKey: sectionNameKeyPath.map { FetchKeyPath($0) }, identity: .objectID, cacheName: cacheName)
    }

    /// A controller with items identified by `ObjectID` and sections named by the key at a
    /// Swift key path, through to-one relationships (`\Event.sport?.name`).
    public convenience init<SectionValue>(fetchRequest: FetchRequest<ResultType>, managedObjectContext: ManagedObjectContext, sectionKeyPath: KeyPath<ResultType, SectionValue>, cacheName: String? = nil) {
        self.init(fetchRequest: fetchRequest, managedObjectContext: managedObjectContext, sectionKey: FetchKeyPath(sectionKeyPath), identity: .objectID, cacheName: cacheName)
    }
}
