import Foundation
import GRDB
import GRDBSQLite

/// The SQLite database behind a container: schema, key reservation, reads and commits.
///
/// Thread-safe: GRDB serialises writes and runs reads on a pool of connections (WAL mode) for file
/// stores; an in-memory store uses one serialised connection.
final class SQLiteStore: PersistentStore {
    let writer: any DatabaseWriter
    let path: String
    let identifier: UUID
    let model: ManagedObjectModel
    let entityBindings: [EntityBinding]
    let busyTimeout: Double
    let allocator: KeyAllocator
    /// Per entity: the INSERT statement text (built once, it is looked up per row).
    let insertSQL: [String]
    /// Checkpoints a file store's write-ahead log away from the saves (nil in memory).
    let checkpointer: WALCheckpointer?
    /// Whether commits append to the persistent history (``StoreDescription/persistentHistoryTracking``).
    let tracksHistory: Bool
    /// How long, in seconds, history is kept for consumers that stopped reading it
    /// (``StoreDescription/historyRetention``).
    let historyRetention: Double
    /// Whether the store's connection is inside a transaction someone else opened (a migration's,
    /// whose custom stages save through a store of an intermediate model): writes then run in a
    /// savepoint of that transaction instead of a transaction of their own.
    let joinsOpenTransaction: Bool

    init(
        writer: any DatabaseWriter, path: String, identifier: UUID, model: ManagedObjectModel, busyTimeout: Double,
        checkpointer: WALCheckpointer?, tracksHistory: Bool, historyRetention: Double, joinsOpenTransaction: Bool = false
    ) {
        self.writer = writer
        self.joinsOpenTransaction = joinsOpenTransaction
        self.tracksHistory = tracksHistory
        self.historyRetention = historyRetention
        self.checkpointer = checkpointer
        self.path = path
        self.identifier = identifier
        self.model = model
        self.busyTimeout = busyTimeout
        self.entityBindings = model.entities.map { EntityBinding(entity: $0, storeIdentifier: identifier) }
        self.allocator = KeyAllocator(entityNames: model.entities.map(\.name))
        self.insertSQL = model.entities.map { entity in
            let placeholders = Array(repeating: "?", count: entity.columnNames.count + 2).joined(separator: ", ")
            return "INSERT INTO \(SQL.table(entity)) (\(SQL.rowColumns(entity))) VALUES (\(placeholders))"
        }
    }

    /// Opens (creating or migrating as needed) the store a description names.
    ///
    /// A file is checked before SQLite opens it for writing (``StoreFileCheck``), and checked
    /// again inside the migration's transaction, so a file the store did not create is never
    /// written to. The migration runs on one plain connection before the connection pool opens
    /// (a pool sets up its write-ahead log with a write of its own), so a migration that fails
    /// rolls back and leaves the file byte for byte as it was.
    static func open(_ description: StoreDescription, model: ManagedObjectModel, plan: MigrationPlan? = nil) throws(ObjectStoreError) -> SQLiteStore {
        let path = description.path
        guard description.historyRetention > 0, description.historyRetention.isFinite else {
            throw .cannotOpenStore(
                path: path, reason: "its historyRetention is \(description.historyRetention) seconds; give a positive, finite number of seconds")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(description.busyTimeout)
        configuration.foreignKeysEnabled = false
        configuration.label = "ObjectStore"
        configuration.prepareDatabase { db in
            try StoreFunctions.register(db)
        }
        let writer: any DatabaseWriter
        let identifier: UUID
        var checkpointer: WALCheckpointer?
        do {
            switch description.location {
            case .file(let url):
                try StoreFileCheck.check(url, createsDirectory: description.createsMissingDirectory, busyTimeout: description.busyTimeout)
                configuration.prepareDatabase { db in
                    try db.execute(sql: "PRAGMA synchronous = NORMAL")
                }
                var migratorConfiguration = configuration
                migratorConfiguration.allowsUnsafeTransactions = true
                let migrator = try DatabaseQueue(path: path, configuration: migratorConfiguration)
                identifier = try migrate(migrator, model: model, plan: plan, description: description)
                try migrator.close()
                let walCheckpointer = WALCheckpointer(path: path, signal: CommitSignal(storePath: path))
                checkpointer = walCheckpointer
                // The pool's configuration keeps the checkpointer alive as long as its connections.
                configuration.prepareDatabase { db in walCheckpointer.watch(db) }
                writer = try DatabasePool(path: path, configuration: configuration)
            case .inMemory:
                configuration.allowsUnsafeTransactions = true
                let queue = try DatabaseQueue(configuration: configuration)
                writer = queue
                identifier = try migrate(queue, model: model, plan: plan, description: description)
            case .server(let name):
                throw ObjectStoreError.cannotOpenStore(
                    path: name, reason: "a server store is opened by its module; make its description with that module (StoreDescription.postgreSQL in PostgreSQLStore)")
            }
        } catch let error as ObjectStoreError {
            throw error
        } catch {
            throw mapOpenError(error, path: path, timeout: description.busyTimeout)
        }
        return SQLiteStore(writer: writer, path: path, identifier: identifier, model: model, busyTimeout: description.busyTimeout, checkpointer: checkpointer,
                               tracksHistory: description.persistentHistoryTracking, historyRetention: description.historyRetention)
    }

    /// Brings the database to `model`: through the plan's stages when there is a plan
    /// (``VersionedMigration``), else by the additive migration alone.
    private static func migrate(_ queue: DatabaseQueue, model: ManagedObjectModel, plan: MigrationPlan?, description: StoreDescription) throws -> UUID {
        guard let plan else {
            return try queue.write { db in try SchemaMigrator.migrate(db, model: model, path: description.path) }
        }
        return try VersionedMigration(plan: plan, queue: queue, description: description).run()
    }

    /// Runs `body` in a write transaction of its own, or in a savepoint of the open transaction
    /// the store joins (``joinsOpenTransaction``).
    func writeTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        guard joinsOpenTransaction else { return try writer.write(body) }
        return try writer.writeWithoutTransaction { db in
            var result: T?
            try db.inSavepoint {
                result = try body(db)
                return .commit
            }
            guard let result else { throw ObjectStoreError.storeFailure(path: path, reason: "a savepoint of the migration's transaction ended without a result") }
            return result
        }
    }

    private static func mapOpenError(_ error: any Error, path: String, timeout: Double) -> ObjectStoreError {
        guard let databaseError = error as? DatabaseError else {
            return .cannotOpenStore(path: path, reason: "\(error)")
        }
        switch databaseError.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .notADatabase(path: path, reason: databaseError.message ?? "\(databaseError.resultCode)")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            return .cannotOpenStore(path: path, reason: databaseError.message ?? "\(databaseError.resultCode)")
        default:
            return StoreErrors.map(error, path: path, timeout: timeout)
        }
    }

    /// A watch of the store file (``RemoteChangeWatcher``); none in memory.
    func watchCommits(idleInterval: Double, follow: @escaping @Sendable (Int64?) -> Bool?) -> (any CommitWatch)? {
        guard path != ":memory:" else { return nil }
        return RemoteChangeWatcher(file: URL(fileURLWithPath: path), idleInterval: idleInterval, follow: follow)
    }

    var dialect: SQLDialect { .sqlite }

    // MARK: Reading

    func currentGeneration() throws(ObjectStoreError) -> Int64 {
        try read { try StoreGeneration.current($0) }
    }

    func integerAnswer(_ sql: String, arguments: [DatabaseValue], mark: ReadMark?) throws(ObjectStoreError) -> Int64 {
        try read(mark: mark) { db in
            let statement = try db.cachedStatement(sql: sql)
            var answer: Int64 = 0
            try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
                answer = sqlite3_column_int64(sqlite, 0)
            }
            return answer
        }
    }

    /// Runs `body` in one read transaction; with a `mark`, also notes the store generation that
    /// transaction sees.
    func read<T>(mark: ReadMark? = nil, _ body: (Database) throws -> T) throws(ObjectStoreError) -> T {
        do {
            return try writer.read { db in
                let result = try body(db)
                if let mark { mark.saw(try StoreGeneration.current(db)) }
                return result
            }
        } catch {
            throw StoreErrors.map(error, path: path, timeout: busyTimeout)
        }
    }

    /// Calls `body` for each row the query selects (whole rows, with their sort values).
    func forEachRow(_ query: StoreQuery, mark: ReadMark? = nil, _ body: (StoreRow) throws -> Void) throws(ObjectStoreError) {
        try read(mark: mark) { db in try Self.forEachRow(query, db: db, body) }
    }

    /// ``forEachRow(_:mark:_:)`` inside a transaction already open.
    static func forEachRow(_ query: StoreQuery, db: Database, _ body: (StoreRow) throws -> Void) throws {
        let (text, arguments) = query.sql(.rows)
        let statement = try db.cachedStatement(sql: text)
        let width = Int32(query.entity.columnNames.count)
        let sortCount = Int32(query.orders.count)
        try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
            var row = RawStatement.storeRow(sqlite, width: width)
            if sortCount > 0 {
                row.sortKeys.reserveCapacity(Int(sortCount))
                for index in 0..<sortCount { row.sortKeys.append(DatabaseValue(exactColumnOf: sqlite, at: width + 2 + index)) }
            }
            try body(row)
        }
    }

    /// The keys the query selects, with their sort values (`.keys`) or without (`.ids`); the
    /// rows' `values` are empty.
    func keys(_ query: StoreQuery, selection: StoreQuery.Selection = .keys, mark: ReadMark? = nil) throws(ObjectStoreError) -> [StoreRow] {
        try read(mark: mark) { db in
            let withSortKeys = selection == .keys && !query.orders.isEmpty
            let (text, arguments) = query.sql(withSortKeys ? .keys : .ids)
            let statement = try db.cachedStatement(sql: text)
            let empty = ContiguousArray<DatabaseValue>()
            let sortCount = Int32(query.orders.count)
            var rows: [StoreRow] = []
            try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
                var sortKeys = empty
                if withSortKeys {
                    sortKeys.reserveCapacity(Int(sortCount))
                    for index in 0..<sortCount { sortKeys.append(DatabaseValue(exactColumnOf: sqlite, at: index + 1)) }
                }
                rows.append(StoreRow(key: sqlite3_column_int64(sqlite, 0), version: 0, values: empty, sortKeys: sortKeys))
            }
            return rows
        }
    }

    /// The values of the query's projections, one array per selected row.
    func projectionRows(_ query: StoreQuery, mark: ReadMark? = nil) throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>] {
        try read(mark: mark) { db in
            let (text, arguments) = query.sql(.projections)
            let statement = try db.cachedStatement(sql: text)
            let width = Int32(query.projections.count)
            var rows: [ContiguousArray<DatabaseValue>] = []
            try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
                var values = ContiguousArray<DatabaseValue>()
                values.reserveCapacity(Int(width))
                for index in 0..<width { values.append(DatabaseValue(exactColumnOf: sqlite, at: index + 1)) }
                rows.append(values)
            }
            return rows
        }
    }

    /// Calls `body` with the key of each row the query selects, in order.
    func forEachKey(_ query: StoreQuery, mark: ReadMark? = nil, _ body: (Int64) -> Void) throws(ObjectStoreError) {
        try read(mark: mark) { db in
            let (text, arguments) = query.sql(.ids)
            let statement = try db.cachedStatement(sql: text)
            try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
                body(sqlite3_column_int64(sqlite, 0))
            }
        }
    }

    /// The keys linked to each of `ownKeys` through a join table, in key order (keys without
    /// links are left out): one query per 500 keys.
    func linkedKeys(join: JoinTable, ownKeys: [Int64], mark: ReadMark? = nil) throws(ObjectStoreError) -> [Int64: [Int64]] {
        var result: [Int64: [Int64]] = [:]
        for chunk in KeyMembership.chunks(of: ownKeys) {
            try read(mark: mark) { db in
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                let statement = try db.cachedStatement(sql: """
                    SELECT \(join.ownColumn), \(join.otherColumn) FROM \(SQL.quote(join.name)) \
                    WHERE \(join.ownColumn) IN (\(placeholders)) ORDER BY \(join.ownColumn), \(join.otherColumn)
                    """)
                try RawStatement.forEachRow(statement, db: db, arguments: chunk.map(\.databaseValue)) { sqlite in
                    result[sqlite3_column_int64(sqlite, 0), default: []].append(sqlite3_column_int64(sqlite, 1))
                }
            }
        }
        return result
    }

    /// The number of rows the query matches.
    func count(_ query: StoreQuery, mark: ReadMark? = nil) throws(ObjectStoreError) -> Int {
        try read(mark: mark) { db in
            let (text, arguments) = query.sql(.count)
            let statement = try db.cachedStatement(sql: text)
            var count = 0
            try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
                count = Int(sqlite3_column_int64(sqlite, 0))
            }
            return count
        }
    }

    /// `EXPLAIN QUERY PLAN` of the query's ID selection: the detail of each step.
    func queryPlan(_ query: StoreQuery) throws(ObjectStoreError) -> [String] {
        try read { db in
            let (text, arguments) = query.sql(.ids)
            let statement = try db.makeStatement(sql: "EXPLAIN QUERY PLAN " + text)
            var lines: [String] = []
            try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
                if case .string(let detail) = DatabaseValue(exactColumnOf: sqlite, at: 3).storage { lines.append(detail) }
            }
            return lines
        }
    }

    /// The rows with the given keys (missing keys are skipped).
    func rows(entity: EntityDescription, keys: [Int64], mark: ReadMark? = nil) throws(ObjectStoreError) -> [StoreRow] {
        var result: [StoreRow] = []
        for chunk in KeyMembership.chunks(of: keys) {
            try forEachRow(KeyMembership.query(entity: entity, keys: chunk), mark: mark) { result.append($0) }
        }
        return result
    }

    /// Reserves `count` new keys for an entity: atomically in the database, so other contexts and
    /// other processes never receive the same keys. Returns the first reserved key.
    ///
    /// - Throws: ``ObjectStoreError/storeFailure(path:reason:)`` when the entity's key counter is
    ///   missing from the store (handing out keys without it could repeat existing ones).
    func reserveKeys(entity: String, count: Int64) throws(ObjectStoreError) -> Int64 {
        do {
            return try writeTransaction { db in try self.reserveKeys(entity: entity, count: count, db: db) }
        } catch let error as ObjectStoreError {
            throw error
        } catch {
            throw StoreErrors.map(error, path: path, timeout: busyTimeout)
        }
    }

    /// ``reserveKeys(entity:count:)`` inside a write transaction already open.
    func reserveKeys(entity: String, count: Int64, db: Database) throws -> Int64 {
        try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + ? WHERE Z_ENT = ?", arguments: [count, entity])
        guard let maximum = try Int64.fetchOne(db, sql: "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?", arguments: [entity]) else {
            throw ObjectStoreError.storeFailure(
                path: path,
                reason: "the key counter of entity \(entity) is missing from Z_PRIMARYKEY, so no key can be reserved (restore the row, with Z_MAX the largest Z_PK of \(entity), or a backup)")
        }
        return maximum - count + 1
    }
}
