package import Foundation
package import GRDB

/// What a container needs of the database behind it: its schema, key reservation, reads,
/// commits, batch requests and history.
///
/// Two stores implement it: ``SQLiteStore`` (a file or memory, the default) and the PostgreSQL
/// store of the `PostgreSQLStore` module (one database shared by many hosts). Contexts,
/// controllers and the container reach the database only through it, so both keep the same
/// promises from one set of tests.
///
/// Every read takes an optional ``ReadMark``, which notes the store generation the read saw, so
/// that a context never shows a commit before its change set has been handed on. Every commit
/// raises the generation by one in its own transaction and calls `generationReserved` with it
/// before the transaction ends.
package protocol PersistentStore: AnyObject, Sendable {
    // MARK: Identity and settings

    /// The store's identifier (the host part of object URIs).
    var identifier: UUID { get }
    /// The model the store's schema follows.
    var model: ManagedObjectModel { get }
    /// Per entity (by index): the entity and the store identifier, for making object IDs.
    var entityBindings: [EntityBinding] { get }
    /// Hands out keys from ranges the store reserved (``reserveKeys(entity:count:)``).
    var allocator: KeyAllocator { get }
    /// Whether commits append to the persistent history.
    var tracksHistory: Bool { get }
    /// How long, in seconds, history is kept for consumers that stopped reading it.
    var historyRetention: Double { get }
    /// The SQL the store speaks.
    var dialect: SQLDialect { get }

    // MARK: Reads

    /// The newest commit's generation.
    func currentGeneration() throws(ObjectStoreError) -> Int64
    /// Calls `body` for each row the query selects (whole rows, with their sort values).
    func forEachRow(_ query: StoreQuery, mark: ReadMark?, _ body: (StoreRow) throws -> Void) throws(ObjectStoreError)
    /// The keys the query selects, with their sort values (`.keys`) or without (`.ids`); the
    /// rows' `values` are empty.
    func keys(_ query: StoreQuery, selection: StoreQuery.Selection, mark: ReadMark?) throws(ObjectStoreError) -> [StoreRow]
    /// The values of the query's projections, one array per selected row.
    func projectionRows(_ query: StoreQuery, mark: ReadMark?) throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>]
    /// The key and the values of the query's projections of each selected row.
    func keyedProjectionRows(_ query: StoreQuery, mark: ReadMark?) throws(ObjectStoreError) -> [(key: Int64, values: ContiguousArray<DatabaseValue>)]
    /// The output rows of a grouped query (one per group, in ascending order of the grouped
    /// keys), in SQL when its filters have a form in the store's dialect.
    func groupedRows(_ grouped: GroupedQuery, mark: ReadMark?) throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>]
    /// Calls `body` with the key of each row the query selects, in order.
    func forEachKey(_ query: StoreQuery, mark: ReadMark?, _ body: (Int64) -> Void) throws(ObjectStoreError)
    /// The keys linked to each of `ownKeys` through a join table, in key order (keys without
    /// links are left out).
    func linkedKeys(join: JoinTable, ownKeys: [Int64], mark: ReadMark?) throws(ObjectStoreError) -> [Int64: [Int64]]
    /// The number of rows the query matches.
    func count(_ query: StoreQuery, mark: ReadMark?) throws(ObjectStoreError) -> Int
    /// The rows with the given keys (missing keys are skipped).
    func rows(entity: EntityDescription, keys: [Int64], mark: ReadMark?) throws(ObjectStoreError) -> [StoreRow]
    /// The one integer a query of one row and one column answers (a count, or a condition's 1
    /// or 0), 0 when it selects no row.
    func integerAnswer(_ sql: String, arguments: [DatabaseValue], mark: ReadMark?) throws(ObjectStoreError) -> Int64
    /// The database's plan for the query's ID selection: the detail of each step.
    func queryPlan(_ query: StoreQuery) throws(ObjectStoreError) -> [String]

    // MARK: Writes

    /// Reserves `count` new keys for an entity, atomically for every context, process and
    /// host on the store. Returns the first reserved key.
    func reserveKeys(entity: String, count: Int64) throws(ObjectStoreError) -> Int64
    /// Commits a context's save in one transaction, with its history transaction.
    func commit(_ batch: CommitBatch, policy: MergePolicy, generationReserved: (Int64) -> Void) throws(ObjectStoreError) -> CommitOutcome
    /// Inserts (or, with a uniqueness constraint, upserts) the rows of a batch insert request.
    func batchInsert(_ plan: BatchInsertPlan, stamp: HistoryStamp, generationReserved: (Int64) -> Void) throws(ObjectStoreError) -> BatchCommit
    /// Sets `columns` to `values` in the rows the query selects.
    func batchUpdate(
        _ query: StoreQuery, columns: [Int], values: [DatabaseValue], stamp: HistoryStamp, generationReserved: (Int64) -> Void
    ) throws(ObjectStoreError) -> BatchCommit
    /// Deletes the rows the query selects, with their delete rules; `requested` counts the rows
    /// the query itself selected.
    func batchDelete(_ query: StoreQuery, stamp: HistoryStamp, generationReserved: (Int64) -> Void) throws(ObjectStoreError) -> (commit: BatchCommit, requested: Int)

    // MARK: History

    /// The history transactions after `token` (from the oldest kept for nil), oldest first.
    func history(after token: HistoryToken?, limit: Int?, author: HistoryAuthorFilter) throws(ObjectStoreError) -> [HistoryTransaction]
    /// Removes the history transactions before `token`.
    func deleteHistory(before token: HistoryToken) throws(ObjectStoreError)
    /// The token of the newest commit, nil before the first.
    func currentHistoryToken() throws(ObjectStoreError) -> HistoryToken?
    /// Throws ``ObjectStoreError/historyTokenOfAnotherStore(_:storeIdentifier:)`` unless
    /// `token` is this store's.
    func checkOwn(_ token: HistoryToken) throws(ObjectStoreError)
    /// Starts calling `follow` on a thread of the watch's own whenever other containers may
    /// have committed, and at least every `idleInterval` seconds; the argument is the newest
    /// generation when the watch read it already. `follow` returns whether it found commits,
    /// or nil to end the watch. Nil when no other container can write the store (in memory).
    ///
    /// A wake-up is only a hint: `follow` reads the history, so a lost wake-up costs latency,
    /// never a commit.
    func watchCommits(idleInterval: Double, follow: @escaping @Sendable (Int64?) -> Bool?) -> (any CommitWatch)?
    /// Reads, in one transaction, the commits after generation `after` (through `last`, or the
    /// newest for nil) and the rows of the objects they updated.
    func remoteCommits(after: Int64, through last: Int64?) throws(ObjectStoreError) -> RemoteCommits
    /// The generation the consumer `name` has read through, nil for an unknown consumer.
    func cursor(of name: String) throws(ObjectStoreError) -> Int64?
    /// Moves the consumer `name`'s cursor to `generation` and notes that it was seen now.
    func setCursor(of name: String, to generation: Int64) throws(ObjectStoreError)
    /// Forgets the consumer `name`.
    func removeConsumer(_ name: String) throws(ObjectStoreError)
    /// Removes the history every live consumer has read, and what consumers silent for longer
    /// than ``historyRetention`` hold back; returns the number of transactions removed.
    func purgeHistory(now: Date) throws(ObjectStoreError) -> Int
}

extension PersistentStore {
    func forEachRow(_ query: StoreQuery, _ body: (StoreRow) throws -> Void) throws(ObjectStoreError) {
        try forEachRow(query, mark: nil, body)
    }

    func purgeHistory() throws(ObjectStoreError) -> Int {
        try purgeHistory(now: Date())
    }
}
