import Foundation
package import ObjectStore

/// The tables a model needs in the store's schema, created and migrated as the SQLite store
/// does: new entities become tables, new attributes and to-one relationships columns filled with
/// their defaults, new indexes are created; a changed attribute type, or an attribute made
/// non-optional while rows hold nil, is refused with
/// ``ObjectStore/ObjectStoreError/incompatibleSchema(path:entity:attribute:reason:)`` and the
/// transaction rolls back.
///
/// Beside the entity tables: `z_primarykey` (each entity's highest reserved key),
/// `z_generation` (one row: the generation of the newest commit, which every commit raises in
/// its own transaction, so commits are numbered in the order they become visible), and the
/// history tables. Every text column uses the "C" collation, so that text compares and orders by
/// its UTF-8 bytes, as SQLite's BINARY does.
package enum PostgreSQLModelSchema {
    /// The metadata key of the model's schema record (``StoredSchema``, JSON).
    static let schemaKey = "schema"

    /// Brings the tables in line with `model`, inside the caller's transaction. `store` names
    /// the store in errors.
    package static func migrate(_ model: ManagedObjectModel, on connection: PostgreSQLConnection, store: String) throws {
        try createStoreTables(on: connection)
        let stored = try connection.query("SELECT z_value FROM z_metadata WHERE z_key = \(schemaKey)").first?.decode(String.self)
        var old: StoredSchema?
        if let stored {
            guard let decoded = try? JSONDecoder().decode(StoredSchema.self, from: Data(stored.utf8)) else {
                throw ObjectStoreError.foreignDatabase(path: store, found: "store metadata whose schema record cannot be read")
            }
            old = decoded
        }
        let new = StoredSchema(model: model)
        if old == new { return }
        for entity in model.entities {
            try migrate(entity, old: old?.entities[entity.name], on: connection, store: store)
        }
        try DerivedRefresh.fill(DerivedRefresh.entitiesToFill(model, old: old), rows: PostgreSQLRowWriter(connection: connection))
        for (name, _) in old?.entities ?? [:] where new.entities[name] == nil {
            let table = PostgreSQLIdentifier.quoted(name)
            let rows = try connection.query("SELECT count(*) FROM \(unescaped: table)").first?.decode(Int64.self) ?? 0
            if rows > 0 {
                throw ObjectStoreError.incompatibleSchema(path: store, entity: name, attribute: nil, reason: "the entity was removed from the model but its table holds \(rows) row(s)")
            }
            try connection.query("DROP TABLE \(unescaped: table)")
            try connection.query("DELETE FROM z_primarykey WHERE z_ent = \(name)")
        }
        let json = String(decoding: try JSONEncoder().encode(new), as: UTF8.self)
        try connection.query("""
            INSERT INTO z_metadata (z_key, z_value) VALUES (\(schemaKey), \(json))
            ON CONFLICT (z_key) DO UPDATE SET z_value = excluded.z_value
            """)
    }

    /// The column type of an attribute type: one per storage class of its values.
    static func columnType(_ type: AttributeType) -> String {
        PostgreSQLColumnKind(type).declaration
    }

    private static func createStoreTables(on connection: PostgreSQLConnection) throws {
        try connection.query("CREATE TABLE IF NOT EXISTS z_primarykey (z_ent text COLLATE \"C\" PRIMARY KEY, z_max bigint NOT NULL)")
        try connection.query("CREATE TABLE IF NOT EXISTS z_generation (z_one int PRIMARY KEY CHECK (z_one = 1), z_value bigint NOT NULL)")
        try connection.query("INSERT INTO z_generation (z_one, z_value) VALUES (1, 0) ON CONFLICT DO NOTHING")
        try connection.query("""
            CREATE TABLE IF NOT EXISTS z_history_transaction (z_pk bigint PRIMARY KEY, z_timestamp double precision NOT NULL, \
            z_author text COLLATE "C", z_contextname text COLLATE "C", z_processid bigint NOT NULL, z_changes bytea NOT NULL)
            """)
        try connection.query("CREATE INDEX IF NOT EXISTS z_history_transaction_author ON z_history_transaction (z_author, z_pk)")
        try connection.query("""
            CREATE TABLE IF NOT EXISTS z_history_consumer (z_name text COLLATE "C" PRIMARY KEY, \
            z_cursor bigint NOT NULL, z_seen double precision NOT NULL)
            """)
    }

    private static func migrate(_ entity: EntityDescription, old: StoredSchema.Entity?, on connection: PostgreSQLConnection, store: String) throws {
        try connection.query("INSERT INTO z_primarykey (z_ent, z_max) VALUES (\(entity.name), 0) ON CONFLICT DO NOTHING")
        let table = PostgreSQLIdentifier.quoted(entity.name)
        let existing = Set(try connection.query("""
            SELECT column_name::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = \(entity.name)
            """).map { try $0.decode(String.self) })
        if existing.isEmpty {
            var columns = ["Z_PK bigint PRIMARY KEY", "Z_OPT bigint NOT NULL DEFAULT 1"]
            for attribute in entity.attributes {
                columns.append("\(PostgreSQLIdentifier.quoted(attribute.name)) \(columnType(attribute.type))")
            }
            for relationship in entity.relationships where relationship.column != nil {
                columns.append("\(PostgreSQLIdentifier.quoted(relationship.name)) bigint")
            }
            try connection.query("CREATE TABLE \(unescaped: table) (\(unescaped: columns.joined(separator: ", ")))")
        } else {
            try addColumns(of: entity, old: old, existing: existing, on: connection, store: store)
        }
        for relationship in entity.relationships {
            guard let join = relationship.join, join.isOwner else { continue }
            let joinTable = PostgreSQLIdentifier.quoted(join.name)
            try connection.query("""
                CREATE TABLE IF NOT EXISTS \(unescaped: joinTable) (Z_SOURCE bigint NOT NULL, Z_TARGET bigint NOT NULL, \
                PRIMARY KEY (Z_SOURCE, Z_TARGET))
                """)
            try connection.query("CREATE INDEX IF NOT EXISTS \(unescaped: PostgreSQLIdentifier.quoted(join.name + "_TARGET")) ON \(unescaped: joinTable) (Z_TARGET, Z_SOURCE)")
        }
        for index in entity.indexes {
            let columns = index.columns.map(PostgreSQLIdentifier.quoted).joined(separator: ", ")
            do {
                try connection.query("""
                    CREATE \(unescaped: index.isUnique ? "UNIQUE " : "")INDEX IF NOT EXISTS \
                    \(unescaped: PostgreSQLIdentifier.quoted(index.sqlName(entity: entity.name))) ON \(unescaped: table) (\(unescaped: columns))
                    """)
            } catch {
                guard case .statementFailed(sqlState: "23505", _) = error else { throw error }
                throw ObjectStoreError.incompatibleSchema(
                    path: store, entity: entity.name, attribute: index.columns.joined(separator: ", "),
                    reason: "existing rows share values, so the new uniqueness constraint cannot be created")
            }
        }
    }

    /// Checks that the columns the table has already still fit its rows, and adds columns for
    /// the new attributes (filled with their defaults) and the new to-one keys.
    private static func addColumns(of entity: EntityDescription, old: StoredSchema.Entity?, existing: Set<String>, on connection: PostgreSQLConnection, store: String) throws {
        let table = PostgreSQLIdentifier.quoted(entity.name)
        let rowCount = try connection.query("SELECT count(*) FROM \(unescaped: table)").first?.decode(Int64.self) ?? 0
        for attribute in entity.attributes {
            let column = PostgreSQLIdentifier.quoted(attribute.name)
            if existing.contains(attribute.name) {
                guard let previous = old?.attributes[attribute.name] else { continue }
                if previous.type != attribute.type {
                    throw ObjectStoreError.incompatibleSchema(
                        path: store, entity: entity.name, attribute: attribute.name,
                        reason: "its type changed from \(previous.type.rawValue) to \(attribute.type.rawValue)")
                }
                if previous.isOptional && !attribute.isOptional {
                    let nulls = try connection.query("SELECT count(*) FROM \(unescaped: table) WHERE \(unescaped: column) IS NULL").first?.decode(Int64.self) ?? 0
                    if nulls > 0 {
                        throw ObjectStoreError.incompatibleSchema(
                            path: store, entity: entity.name, attribute: attribute.name, reason: "it became non-optional but \(nulls) row(s) hold nil")
                    }
                }
                continue
            }
            if !attribute.isOptional && !attribute.hasDefault && rowCount > 0 {
                throw ObjectStoreError.incompatibleSchema(
                    path: store, entity: entity.name, attribute: attribute.name,
                    reason: "the non-optional attribute was added without a default and \(rowCount) existing row(s) would have no value")
            }
            try connection.query("ALTER TABLE \(unescaped: table) ADD COLUMN \(unescaped: column) \(unescaped: columnType(attribute.type))")
            let fill = attribute.defaultValue.databaseValue
            if !fill.isNull {
                try connection.query(PostgreSQLValues.query("UPDATE \(table) SET \(column) = ?", [fill]))
            }
        }
        for relationship in entity.relationships where relationship.column != nil && !existing.contains(relationship.name) {
            try connection.query("ALTER TABLE \(unescaped: table) ADD COLUMN \(unescaped: PostgreSQLIdentifier.quoted(relationship.name)) bigint")
        }
    }
}
