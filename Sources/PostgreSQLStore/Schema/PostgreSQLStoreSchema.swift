package import Foundation
import PostgresNIO

/// The schema a PostgreSQL store keeps its tables in, and the proof that the store created it:
/// the table `z_metadata`, written with the schema, holding the store's identifier, the format
/// version and the library that wrote it.
///
/// ``open(on:)`` creates the schema (or adopts an empty one) and otherwise opens only a schema
/// whose metadata it can read, as the SQLite store opens only files it created: a schema holding
/// anything else is refused, untouched.
package struct PostgreSQLStoreSchema: Sendable, Equatable {
    /// The format version written to every new schema; a schema with a higher one, written by a
    /// later version of this library, is not opened.
    package static let formatVersion = 1
    /// The table of the store's metadata, one row per key.
    package static let metadataTable = "z_metadata"
    /// The value of the `creator` row, which no other program would write.
    static let creator = "DiffableStore PostgreSQLStore"

    /// The schema's name.
    package var name: String
    /// The identifier written when the schema was created.
    package var storeIdentifier: UUID
    /// The format version the schema was written with.
    package var formatVersion: Int
    /// Whether this call created the store's tables (a new or empty schema), rather than opening
    /// ones it created before.
    package var wasCreated: Bool

    /// Opens the store's schema named by the pool's settings, creating it (or its metadata in an
    /// empty schema) when needed, in one transaction serialised against other hosts opening the
    /// same schema.
    ///
    /// - Throws: ``PostgreSQLStoreError/foreignSchema(schema:database:found:)`` for a schema
    ///   holding tables, views or sequences without the store's metadata, and
    ///   ``PostgreSQLStoreError/newerSchemaVersion(schema:version:supportedVersion:)``; neither
    ///   changes anything.
    @discardableResult
    package static func open(on pool: PostgreSQLConnectionPool) throws(PostgreSQLStoreError) -> PostgreSQLStoreSchema {
        let name = pool.settings.schema
        do {
            return try pool.withTransaction { connection in
                try connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\("DiffableStore schema " + name), 0))")
                let relations = try relations(of: name, on: connection)
                if relations.isEmpty {
                    return try create(name, on: connection)
                }
                guard relations.contains(metadataTable), let schema = try read(name, on: connection) else {
                    let database = try connection.query("SELECT current_database()::text").first?.decode(String.self) ?? "?"
                    throw PostgreSQLStoreError.foreignSchema(schema: name, database: database, found: relations)
                }
                guard schema.formatVersion <= formatVersion else {
                    throw PostgreSQLStoreError.newerSchemaVersion(schema: name, version: schema.formatVersion, supportedVersion: formatVersion)
                }
                return schema
            }
        } catch {
            throw .from(error, server: pool.settings.description, queryTimeout: pool.settings.queryTimeout)
        }
    }

    /// The names of the tables, views, sequences and foreign tables in the schema `name` (none
    /// when there is no such schema).
    private static func relations(of name: String, on connection: PostgreSQLConnection) throws -> [String] {
        let rows = try connection.query("""
            SELECT c.relname::text FROM pg_catalog.pg_class c
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = \(name) AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
            ORDER BY c.relname
            """)
        return try rows.map { try $0.decode(String.self) }
    }

    /// The schema's metadata, or nil when its rows do not name this library and a store
    /// identifier and format version.
    private static func read(_ name: String, on connection: PostgreSQLConnection) throws -> PostgreSQLStoreSchema? {
        let table = PostgreSQLIdentifier.quoted(name) + "." + metadataTable
        let columns = try connection.query("""
            SELECT column_name::text FROM information_schema.columns
            WHERE table_schema = \(name) AND table_name = \(metadataTable)
            """).map { try $0.decode(String.self) }
        guard Set(columns) == ["z_key", "z_value"] else { return nil }
        let rows = try connection.query("SELECT z_key, z_value FROM \(unescaped: table)")
        let values = try Dictionary(rows.map { try $0.decode((String, String).self) }, uniquingKeysWith: { first, _ in first })
        guard values["creator"] == creator,
              let identifier = values["storeIdentifier"].flatMap(UUID.init(uuidString:)),
              let version = values["formatVersion"].flatMap({ Int($0) })
        else { return nil }
        return PostgreSQLStoreSchema(name: name, storeIdentifier: identifier, formatVersion: version, wasCreated: false)
    }

    /// Creates the schema `name` (unless it exists, empty) and its metadata.
    private static func create(_ name: String, on connection: PostgreSQLConnection) throws -> PostgreSQLStoreSchema {
        let schema = PostgreSQLIdentifier.quoted(name)
        let table = schema + "." + metadataTable
        let created = PostgreSQLStoreSchema(name: name, storeIdentifier: UUID(), formatVersion: formatVersion, wasCreated: true)
        try connection.query("CREATE SCHEMA IF NOT EXISTS \(unescaped: schema)")
        try connection.query("COMMENT ON SCHEMA \(unescaped: schema) IS 'The tables of a DiffableStore object store; it opens no schema holding tables of others.'")
        try connection.query("CREATE TABLE \(unescaped: table) (z_key text PRIMARY KEY, z_value text NOT NULL)")
        try connection.query("""
            INSERT INTO \(unescaped: table) (z_key, z_value)
            VALUES ('creator', \(creator)), ('storeIdentifier', \(created.storeIdentifier.uuidString)), ('formatVersion', \(String(formatVersion)))
            """)
        return created
    }
}
