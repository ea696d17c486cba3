public import DiffableSnapshots
import DiffableSupport
public import ObjectStore

/// A grouped aggregate of a context's objects kept up to date as they change: one group per
/// value of the grouped keys, with its counts, sums, minimums, maximums and averages —
/// live matches per sport, open stakes per user. Core Data has no counterpart; it re-runs a
/// grouped `NSFetchRequest`.
///
/// ```swift
/// var request = FetchRequest<Event>(predicate: try FetchPredicate(format: "isLive == YES"))
/// request.resultType = .dictionaries
/// request.propertiesToGroupBy = ["sport.name"]
/// request.propertiesToFetch = ["sport.name", .count(\.title, as: "n")]
/// let controller = try FetchedAggregateController(fetchRequest: request, managedObjectContext: context)
/// try controller.performFetch()
/// let live = controller.groups?.map { ($0["sport.name"] as? String, $0.value("n", as: Int.self)) }
/// ```
///
/// The request is a grouped dictionary fetch (see <doc:LiveAggregates>). After
/// ``performFetch()`` the controller follows the context's changes: each change costs time in
/// proportion to the objects it touches, not to the objects grouped, because the controller
/// keeps each object's contribution (its group and the values it adds) and moves only those.
/// A change of a related object the grouped keys or the predicate read through a to-one
/// relationship (a sport renamed) moves the objects that reach it; a reset, a resync, or a
/// change reaching the objects in another way reads the groups again.
///
/// Each change of the groups makes an ``AggregateDelivery``: to the ``delegate``, to the
/// sequences of ``deliveries()``, and to ``ObservedResults``. A group whose rank in the request's
/// sort order changes moves. Sums and averages are exact: after any number of changes they equal
/// a fresh grouped fetch's to the last bit.
public final class FetchedAggregateController<Entity: ManagedObject>: @unchecked Sendable {
    // Sendable by confinement to the context's queue: every public member but ``deliveries()``
    // checks it in debug builds; deliveries cross threads through a lock.

    /// The grouped request.
    public let fetchRequest: FetchRequest<Entity>
    /// The context whose objects are grouped.
    public let managedObjectContext: ManagedObjectContext
    /// Receives each delivery (held weakly).
    public var delegate: (any FetchedAggregateControllerDelegate<Entity>)? {
        get { assertOnContextQueue(); return storedDelegate }
        set { assertOnContextQueue(); storedDelegate = newValue }
    }
    /// The error of the last change the controller failed to follow, or nil.
    public internal(set) var lastError: FetchedResultsError? {
        get { assertOnContextQueue(); return storedError }
        set { storedError = newValue }
    }

    private weak var storedDelegate: (any FetchedAggregateControllerDelegate<Entity>)?
    private var storedError: FetchedResultsError?
    let grouped: GroupedQuery
    let reads: AggregateReads
    var live: LiveGroups
    var position: Int64 = 0
    var isBehind = false
    var observation: ObservationToken?
    var deliveryCount = 0
    var delivered = DiffableDataSourceSnapshot<String, AggregateGroupID>()
    let streams = Broadcast<AggregateDelivery>(keepsLast: true)
    let followers = ObserverList<AggregateDelivery>()

    /// A controller of the groups `fetchRequest` describes in `managedObjectContext`.
    ///
    /// - Throws: ``FetchedResultsError`` wrapping `ObjectStoreError.invalidFetchRequest(_:)`
    ///   when the request is not a valid grouped dictionary fetch.
    public init(fetchRequest: FetchRequest<Entity>, managedObjectContext: ManagedObjectContext) throws(FetchedResultsError) {
        self.fetchRequest = fetchRequest
        self.managedObjectContext = managedObjectContext
        do {
            var request = fetchRequest
            request.resultType = .dictionaries
            grouped = try managedObjectContext.groupedQuery(for: request)
        } catch {
            throw .wrapping(error)
        }
        reads = AggregateReads(grouped.query)
        live = LiveGroups(grouped)
    }

    deinit {
        observation?.cancel()
        streams.finishAll()
    }

    /// The groups, in the order of the request's sort descriptors, then in ascending order of the
    /// grouped keys; nil before ``performFetch()``.
    public var groups: [AggregateGroup]? {
        assertOnContextQueue()
        return deliveryCount == 0 ? nil : live.orderedKeys.map(group(of:))
    }

    /// The group `id`, or nil when there is no such group.
    public func group(_ id: AggregateGroupID) -> AggregateGroup? {
        assertOnContextQueue()
        return live.rows[id.key] == nil ? nil : group(of: id.key)
    }

    /// The value of the column `name` in the group `id`, or nil.
    public func value(of name: String, in id: AggregateGroupID) -> (any Sendable)? {
        group(id)?[name]
    }

    /// The snapshot of the last delivery (empty before ``performFetch()``).
    public var snapshot: DiffableDataSourceSnapshot<String, AggregateGroupID> {
        assertOnContextQueue()
        return delivered
    }

    /// How many deliveries the controller made.
    public var generation: Int {
        assertOnContextQueue()
        return deliveryCount
    }

    /// The deliveries after this call, from any thread, until the controller is released.
    public func deliveries() -> AsyncStream<AggregateDelivery> {
        streams.makeStream()
    }

    func group(of key: GroupKey) -> AggregateGroup {
        AggregateGroup(id: AggregateGroupID(key: key), values: managedObjectContext.groupedDictionary(grouped, row: live.rows[key] ?? []))
    }

    func assertOnContextQueue(_ function: StaticString = #function, file: StaticString = #fileID, line: UInt = #line) {
        managedObjectContext.assertOnQueue("FetchedAggregateController", function, file: file, line: line)
    }
}
