import DiffableSnapshots
import DiffableSupport
import Foundation
public import ObjectStore

/// Core Data's `NSFetchedResultsController` on this project's types: a fetch request's results,
/// grouped into sections, kept up to date as the context changes, and delivered as typed
/// snapshots with the batch update from the previous delivery.
///
/// ``FetchedResultsController`` names the common case, items identified by `ObjectID`; this
/// type also identifies items by any `Hashable & Sendable` attribute (a UUID, a server id), so
/// identity survives anything:
///
/// ```swift
/// var request = FetchRequest<Event>()
/// request.sortDescriptors = [FetchSortDescriptor(\.sport?.name), FetchSortDescriptor(\.start)]
/// let controller = IdentifiedFetchedResultsController(
///     fetchRequest: request, managedObjectContext: container.viewContext,
///     sectionNameKeyPath: "sport.name", itemIdentifier: \.uuid)
/// try controller.performFetch()
/// for await delivery in controller.deliveries() {
///     try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
///                                from: delivery.previousSnapshot)
/// }
/// ```
///
/// ### Threading
/// A controller belongs to its context: create it, call its members, and receive its delegate
/// calls on the context's queue (the main actor for the view context). Deliveries are
/// `Sendable` values: ``deliveries()`` can be iterated on any actor.
///
/// ### What it holds
/// Object IDs, sort keys and item identifiers, never the objects: a fetch reads IDs and sort
/// columns, and ``object(at:)`` resolves objects on demand, loading nearby ones with them.
///
/// ### Updates
/// After ``performFetch()`` the controller follows its context's change stream. A change to *k*
/// objects of the fetched entity costs O(*k* log *n*) comparisons and the snapshot edits, never a
/// refetch, and its batch update is built from those *k* objects, never diffed. A change to a
/// related object the request reads through one to-one relationship (`sport.name`) re-evaluates
/// the *m* objects pointing at it, found with one query on the relationship's column:
/// O(*m* log *n*). Other changes re-read the results' keys (one query, no objects, O(*n*)): a
/// change to a related object the request reaches deeper (`sport.league.name`), through a to-many
/// relationship (`ANY tags.label`) or from the fetched entity itself; a related object deleted;
/// any change while the request has a `FetchRequest.fetchLimit` or `fetchOffset` (so the window
/// holds); and a context reset.
///
/// ## Topics
///
/// ### Creating a controller
/// - ``init(fetchRequest:managedObjectContext:sectionNameKeyPath:itemIdentifier:cacheName:)``
/// - ``init(fetchRequest:managedObjectContext:sectionKeyPath:itemIdentifier:cacheName:)``
///
/// ### Fetching
/// - ``performFetch()``
/// - ``fetchRequest``
/// - ``fetchedObjects``
/// - ``fetchedObjectIDs``
///
/// ### Sections and objects
/// - ``sections``
/// - ``object(at:)``
/// - ``indexPath(forObject:)``
/// - ``sectionIndexTitles``
/// - ``section(forSectionIndexTitle:at:)``
/// - ``sectionIndexTitle(forSectionName:)``
///
/// ### Deliveries
/// - ``deliveries()``
/// - ``delegate``
/// - ``snapshot``
/// - ``generation``
/// - ``updateMarking``
/// - ``markedKeys``
/// - ``reportsClassicChanges``
/// - ``lastError``
///
/// ### Loading objects
/// - ``prefetchRadius``
public final class IdentifiedFetchedResultsController<ResultType: ManagedObject, ItemIdentifierType: Hashable & Sendable>: @unchecked Sendable {
    // Sendable by confinement to the context's queue: every public member but ``deliveries()``
    // checks it in debug builds (``assertOnContextQueue(_:file:line:)``); deliveries cross
    // threads through a lock.
    /// The request; change its predicate or sort descriptors and call ``performFetch()`` again
    /// to deliver the batch update from the old results to the new ones.
    public var fetchRequest: FetchRequest<ResultType> {
        get { assertOnContextQueue(); return settings.fetchRequest }
        set { assertOnContextQueue(); settings.fetchRequest = newValue }
    }
    /// The context whose objects the controller fetches and follows.
    public let managedObjectContext: ManagedObjectContext
    /// The dotted key path that names each object's section (`"sport.name"`), if any.
    public let sectionNameKeyPath: String?
    /// Accepted for Core Data parity; results are kept in memory as keys, so no cache is written.
    public let cacheName: String?
    /// How delivered snapshots mark objects that changed and stayed (default: reconfigure).
    public var updateMarking: FetchedResultsUpdateMarking {
        get { assertOnContextQueue(); return settings.updateMarking }
        set { assertOnContextQueue(); settings.updateMarking = newValue }
    }
    /// When set, an object that changed and stayed is marked only if one of these keys changed
    /// (for instance the keys its cell shows); nil marks every change.
    public var markedKeys: Set<String>? {
        get { assertOnContextQueue(); return settings.markedKeys }
        set { assertOnContextQueue(); settings.markedKeys = newValue }
    }
    /// Whether deliveries carry Core Data's classic changes (``FetchedResultsDelivery/changes``)
    /// even without a delegate.
    public var reportsClassicChanges: Bool {
        get { assertOnContextQueue(); return settings.reportsClassicChanges }
        set { assertOnContextQueue(); settings.reportsClassicChanges = newValue }
    }
    /// Receives every delivery, and Core Data's classic change calls, on the context's queue;
    /// held weakly.
    public var delegate: (any FetchedResultsControllerDelegate<ResultType, ItemIdentifierType>)? {
        get { assertOnContextQueue(); return storedDelegate }
        set { assertOnContextQueue(); storedDelegate = newValue }
    }
    /// How many objects on each side of the one asked for ``object(at:)`` loads with it, in the
    /// same query, when that object is not loaded yet (default 20: scrolling a list costs one
    /// query per few dozen rows). 0 loads the object alone.
    ///
    /// - Precondition: not negative.
    public var prefetchRadius: Int {
        get { assertOnContextQueue(); return settings.prefetchRadius }
        set {
            assertOnContextQueue()
            programmerPrecondition(newValue >= 0, "IdentifiedFetchedResultsController.prefetchRadius was set to \(newValue); set 0 (load only the object asked for) or more.")
            settings.prefetchRadius = newValue
        }
    }
    /// Turns a section name into its index title; nil uses the capitalised first letter.
    public var sectionIndexTitleProvider: ((String) -> String?)? {
        get { assertOnContextQueue(); return settings.sectionIndexTitleProvider }
        set { assertOnContextQueue(); settings.sectionIndexTitleProvider = newValue }
    }
    /// The error that stopped the last update from the change stream, if any. The results stay
    /// as last delivered until the controller reads them again by itself (at the next change, or
    /// a moment later) or the next successful ``performFetch()``; both clear it.
    public internal(set) var lastError: FetchedResultsError? {
        get { assertOnContextQueue(); return settings.lastError }
        set { settings.lastError = newValue }
    }

    /// What the public properties above hold; read and written on the context's queue only.
    struct Settings {
        var fetchRequest: FetchRequest<ResultType>
        var updateMarking: FetchedResultsUpdateMarking = .reconfigure
        var markedKeys: Set<String>?
        var reportsClassicChanges = false
        var prefetchRadius = 20
        var sectionIndexTitleProvider: ((String) -> String?)?
        var lastError: FetchedResultsError?
    }

    var settings: Settings
    private weak var storedDelegate: (any FetchedResultsControllerDelegate<ResultType, ItemIdentifierType>)?

    let identity: ItemIdentity<ResultType, ItemIdentifierType>
    let sectionKey: FetchKeyPath<ResultType>?
    var compiled: CompiledFetchRequest<ResultType>?
    var results = OrderedResults<ItemIdentifierType>()
    /// `results` as a snapshot, without marks.
    var base = DiffableDataSourceSnapshot<String, ItemIdentifierType>()
    /// The last delivered snapshot.
    var delivered = DiffableDataSourceSnapshot<String, ItemIdentifierType>()
    /// The number of deliveries so far.
    public internal(set) var generation: Int {
        get { assertOnContextQueue(); return deliveryCount }
        set { deliveryCount = newValue }
    }
    var deliveryCount = 0
    /// The last event of the change stream the results reflect.
    var position: Int64 = 0
    /// Whether an event could not be applied, so the results miss a change until they are read
    /// again.
    var isBehind = false
    /// Whether a read of the results is scheduled for ``isBehind``.
    var isRecoveryScheduled = false
    var observation: ObservationToken?
    /// For attribute identifiers: each object's identifier, and back.
    var itemByObject: [ObjectID: ItemIdentifierType] = [:]
    var objectByItem: [ItemIdentifierType: ObjectID] = [:]
    /// Entities (model indexes) the request reads through relationships.
    var relatedEntities: Set<Int> = []
    /// Related entities (model indexes) the request reaches only through one to-one relationship
    /// of the fetched entity and reads one key on (`sport.name`), with that relationship's name:
    /// a change to such an object re-evaluates the objects pointing at it, not the whole results.
    var directRelationships: [Int: String] = [:]
    let streams = Broadcast<FetchedResultsDelivery<ItemIdentifierType>>(keepsLast: true)
    /// Called with each delivery on the context's queue, as it is made (see
    /// ``followDeliveries(_:)``).
    let followers = ObserverList<FetchedResultsDelivery<ItemIdentifierType>>()

    init(fetchRequest: FetchRequest<ResultType>, managedObjectContext: ManagedObjectContext, sectionKey: FetchKeyPath<ResultType>?, identity: ItemIdentity<ResultType, ItemIdentifierType>, cacheName: String?) {
        self.settings = Settings(fetchRequest: fetchRequest)
        self.managedObjectContext = managedObjectContext
        self.sectionKey = sectionKey
        self.identity = identity
        self.cacheName = cacheName
        let entity = managedObjectContext.model.entity(for: ResultType.self)
        sectionNameKeyPath = sectionKey.map { $0.name(on: entity) ?? $0.description }
    }

    /// A controller whose items are identified by the attribute at `itemIdentifier`, with
    /// sections named by the key at `sectionNameKeyPath` (dotted through to-one relationships).
    ///
    /// Nothing is fetched until ``performFetch()``, which reports a request that cannot be used.
    ///
    /// - Parameters:
    ///   - fetchRequest: The request; it needs a sort descriptor, and with a section key path
    ///     its first sort descriptor orders by that key.
    ///   - managedObjectContext: The context to fetch from and follow.
    ///   - sectionNameKeyPath: The key whose value names each object's section (nil: one
    ///     section named `""`); a nil value names the section `""`.
    ///   - itemIdentifier: A stored attribute of the entity, unique among the results.
    ///   - cacheName: Accepted for Core Data parity; unused.
    public init(fetchRequest: FetchRequest<ResultType>, managedObjectContext: ManagedObjectContext, sectionNameKeyPath: String? = nil, itemIdentifier: KeyPath<ResultType, ItemIdentifierType>, cacheName: String? = nil) {
        self.settings = Settings(fetchRequest: fetchRequest)
        self.managedObjectContext = managedObjectContext
        self.sectionKey = sectionNameKeyPath.map { FetchKeyPath($0) }
        self.sectionNameKeyPath = sectionNameKeyPath
        self.identity = .attribute(itemIdentifier)
        self.cacheName = cacheName
    }

    /// A controller whose items are identified by the attribute at `itemIdentifier`, with
    /// sections named by the key at a Swift key path, through to-one relationships
    /// (`\Event.sport?.name`).
    public convenience init<SectionValue>(fetchRequest: FetchRequest<ResultType>, managedObjectContext: ManagedObjectContext, sectionKeyPath: KeyPath<ResultType, SectionValue>, itemIdentifier: KeyPath<ResultType, ItemIdentifierType>, cacheName: String? = nil) {
        self.init(fetchRequest: fetchRequest, managedObjectContext: managedObjectContext, sectionKey: FetchKeyPath(sectionKeyPath), identity: .attribute(itemIdentifier), cacheName: cacheName)
    }

    deinit {
        observation?.cancel()
        streams.finishAll()
    }

    /// Traps in debug builds unless the caller runs on the context's queue, where the controller
    /// lives: its state is confined there, not locked.
    func assertOnContextQueue(_ function: StaticString = #function, file: StaticString = #fileID, line: UInt = #line) {
        managedObjectContext.assertOnQueue("IdentifiedFetchedResultsController", function, file: file, line: line)
    }
}
