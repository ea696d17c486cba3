/// A named reader of the persistent history whose position the store keeps, so that it resumes
/// where it stopped, across launches and processes, and so that the store purges only what
/// every live reader has passed.
///
/// Read what came since with ``ManagedObjectContext/fetchHistory(for:limit:)``, process it, then
/// record how far you got with ``ManagedObjectContext/markHistoryProcessed(through:for:)``:
///
/// ```swift
/// let indexer = HistoryConsumer(name: "search-indexer")
/// let transactions = try context.fetchHistory(for: indexer)
/// for transaction in transactions { index(transaction.changes) }
/// if let last = transactions.last { try context.markHistoryProcessed(through: last.token, for: indexer) }
/// ```
///
/// A consumer holds the history back while it is live: while it has marked its progress within
/// ``StoreDescription/historyRetention``. One silent for longer no longer does, and when it comes
/// back what it missed may have been purged: its next fetch throws
/// ``ObjectStoreError/historyExpired(token:oldest:)``, and it must read the store afresh (then
/// mark the ``PersistentContainer/currentHistoryToken``). Each container that merges other
/// processes' commits keeps a consumer of its own, removed when the container is released.
public struct HistoryConsumer: Sendable, Hashable, Codable {
    /// The name the store keeps the consumer's position under, unique per store.
    public let name: String

    /// A consumer named `name`.
    public init(name: String) {
        self.name = name
    }
}
