package import Foundation
import GRDB
package import Logging
package import ObjectStore
import PostgresNIO

/// The object store on a PostgreSQL database: the same model, contexts, controllers and history
/// as the SQLite store, for several hosts sharing one database.
///
/// Every method runs its statements on a connection of the pool, in one transaction, and waits
/// for the server (``PostgreSQLConnectionPool``). Reads run in a read-only `REPEATABLE READ`
/// transaction that first reads the store generation, so a read knows exactly which commits it
/// sees. Commits raise the generation in the single row of `z_generation` first: the row's lock
/// makes commits one at a time, so generations are given in the order commits become visible,
/// and a reader that saw generation 8 has seen 7 (``PostgreSQLModelSchema``).
package final class PostgreSQLObjectStore: PersistentStore {
    package let identifier: UUID
    package let model: ManagedObjectModel
    package let entityBindings: [EntityBinding]
    package let allocator: KeyAllocator
    package let tracksHistory: Bool
    package let historyRetention: Double
    package var dialect: SQLDialect { .postgreSQL }
    let pool: PostgreSQLConnectionPool
    /// The server and schema, without the password, naming the store in errors.
    let name: String

    private init(identifier: UUID, model: ManagedObjectModel, pool: PostgreSQLConnectionPool, tracksHistory: Bool, historyRetention: Double) {
        self.identifier = identifier
        self.model = model
        self.pool = pool
        self.tracksHistory = tracksHistory
        self.historyRetention = historyRetention
        name = "\(pool.settings.description) (schema \(pool.settings.schema))"
        entityBindings = model.entities.map { EntityBinding(entity: $0, storeIdentifier: identifier) }
        allocator = KeyAllocator(entityNames: model.entities.map(\.name))
    }

    deinit {
        pool.close()
    }

    /// Connects, opens (or creates) the store's schema and brings its tables in line with
    /// `model`.
    ///
    /// - Throws: ``ObjectStore/ObjectStoreError/cannotConnect(server:reason:)`` when the server
    ///   cannot be reached; ``ObjectStore/ObjectStoreError/foreignDatabase(path:found:)`` for a
    ///   schema holding tables the store did not create;
    ///   ``ObjectStore/ObjectStoreError/newerStoreVersion(path:version:supportedVersion:)``;
    ///   ``ObjectStore/ObjectStoreError/incompatibleSchema(path:entity:attribute:reason:)``.
    package static func open(
        _ settings: PostgreSQLSettings, model: ManagedObjectModel, tracksHistory: Bool, historyRetention: Double,
        logger: Logger = PostgreSQLConnectionPool.silentLogger
    ) throws(ObjectStoreError) -> PostgreSQLObjectStore {
        let server = "\(settings.description) (schema \(settings.schema))"
        let pool: PostgreSQLConnectionPool
        do {
            pool = try PostgreSQLConnectionPool.open(settings, logger: logger)
        } catch {
            if case .cannotConnect(_, let reason) = error { throw .cannotConnect(server: server, reason: reason) }
            throw .cannotConnect(server: server, reason: error.description)
        }
        do {
            let schema = try PostgreSQLStoreSchema.open(on: pool)
            try pool.withTransaction { connection in
                try connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\("DiffableStore model " + settings.schema), 0))")
                try PostgreSQLModelSchema.migrate(model, on: connection, store: server)
            }
            return PostgreSQLObjectStore(
                identifier: schema.storeIdentifier, model: model, pool: pool, tracksHistory: tracksHistory, historyRetention: historyRetention)
        } catch {
            pool.close()
            switch error {
            case let error as ObjectStoreError:
                throw error
            case PostgreSQLStoreError.foreignSchema(_, _, let found):
                throw .foreignDatabase(path: server, found: "tables the store did not create: \(found.prefix(8).joined(separator: ", "))")
            case PostgreSQLStoreError.newerSchemaVersion(_, let version, let supported):
                throw .newerStoreVersion(path: server, version: version, supportedVersion: supported)
            case let error as PostgreSQLStoreError:
                throw .storeFailure(path: server, reason: error.description)
            default:
                throw .storeFailure(path: server, reason: "\(error)")
            }
        }
    }

    // MARK: Transactions

    /// Runs `body` in a read-only transaction that sees one snapshot of the store, and notes in
    /// `mark` the generation that snapshot holds.
    ///
    /// `BEGIN` goes out with the first read and `COMMIT` after the last without waiting for
    /// either (``PostgreSQLConnection/send(_:)``): a transaction that writes nothing has no
    /// outcome to wait for, and `BEGIN`'s answer, read before the results are returned, says
    /// whether the reads saw one snapshot.
    func read<T>(mark: ReadMark?, _ body: (PostgreSQLConnection) throws -> T) throws(ObjectStoreError) -> T {
        try run {
            try pool.withConnection { connection in
                let begun = connection.send("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                do {
                    if let mark { mark.saw(try Self.generation(on: connection)) }
                    let result = try body(connection)
                    try begun.wait()
                    connection.send("COMMIT")
                    return result
                } catch {
                    _ = try? connection.query("ROLLBACK")
                    throw error
                }
            }
        }
    }

    /// Runs `body` in a read-write transaction.
    @discardableResult
    func write<T>(_ body: (PostgreSQLConnection) throws -> T) throws(ObjectStoreError) -> T {
        try run { try pool.withTransaction(body) }
    }

    /// Runs `body`, turning what it throws into the store's errors.
    func run<T>(_ body: () throws -> T) throws(ObjectStoreError) -> T {
        do {
            return try body()
        } catch let error as ObjectStoreError {
            throw error
        } catch let error as PostgreSQLStoreError {
            throw storeError(error)
        } catch {
            throw .storeFailure(path: name, reason: "\(error)")
        }
    }

    /// A driver or server error as the store reports it: a broken unique constraint as a
    /// validation failure, anything else as a store failure naming the server.
    func storeError(_ error: PostgreSQLStoreError) -> ObjectStoreError {
        if case let .statementFailed("23505", message) = error, let failure = uniquenessFailure(message) {
            return .validation([failure])
        }
        return .storeFailure(path: name, reason: error.description)
    }

    /// The uniqueness failure a unique index's violation message names (`… constraint
    /// "Z_UNIQUE_Entity_a_b"`), nil when it names no index of the model.
    private func uniquenessFailure(_ message: String) -> ValidationFailure? {
        for entity in model.entities {
            for index in entity.indexes where index.isUnique && message.contains("\"\(index.sqlName(entity: entity.name))\"") {
                return .uniquenessViolated(entity: entity.name, keys: index.columns)
            }
        }
        return nil
    }

    static func generation(on connection: PostgreSQLConnection) throws -> Int64 {
        try connection.query("SELECT z_value FROM z_generation WHERE z_one = 1").first?.decode(Int64.self) ?? 0
    }

    // MARK: Identity, generation and keys

    package func currentGeneration() throws(ObjectStoreError) -> Int64 {
        try run { try pool.withConnection { try Self.generation(on: $0) } }
    }

    package func reserveKeys(entity: String, count: Int64) throws(ObjectStoreError) -> Int64 {
        try write { connection in try reserveKeys(entity: entity, count: count, on: connection) }
    }

    /// ``reserveKeys(entity:count:)`` inside a transaction already open.
    func reserveKeys(entity: String, count: Int64, on connection: PostgreSQLConnection) throws -> Int64 {
        guard let maximum = try connection.query("UPDATE z_primarykey SET z_max = z_max + \(count) WHERE z_ent = \(entity) RETURNING z_max").first?.decode(Int64.self) else {
            throw ObjectStoreError.storeFailure(
                path: name,
                reason: "the key counter of entity \(entity) is missing from z_primarykey, so no key can be reserved (restore the row, with z_max the largest Z_PK of \(entity), or a backup)")
        }
        return maximum - count + 1
    }

    /// The channel of the store's commit notifications: its schema's name.
    var notificationChannel: String {
        pool.settings.schema
    }

    func objectID(_ entity: EntityDescription, _ key: Int64) -> ObjectID {
        ObjectID(binding: entityBindings[entity.index], key: key)
    }
}
