import Foundation
import GRDB

/// Creates the schema of a new store and migrates an existing one to the model.
///
/// Additive changes migrate automatically: new entities become tables; new attributes and to-one
/// relationships become columns filled with their defaults; new indexes are created. Anything
/// else fails with ``ObjectStoreError/incompatibleSchema(path:entity:attribute:reason:)``: a changed
/// attribute type, an optional attribute made non-optional, a new non-optional attribute without a
/// default in a table that has rows, or a removed entity whose table still has rows. A removed
/// attribute keeps its column (unused).
///
/// Nothing is written to a database that is not empty and does not carry the store's metadata
/// (``StoreMetadata``), and a failed migration rolls back: the file is left as it was.
enum SchemaMigrator {
    /// Runs inside one write transaction; returns the store identifier. `path` names the store
    /// in errors.
    static func migrate(_ db: Database, model: ManagedObjectModel, path: String) throws -> UUID {
        let metadata = try StoreMetadata(db)
        let isNew = try metadata.isEmpty(path: path)
        let identifier: UUID
        if isNew {
            identifier = UUID()
            try db.execute(sql: "CREATE TABLE Z_METADATA (Z_KEY TEXT PRIMARY KEY NOT NULL, Z_VALUE)")
            try db.execute(sql: "CREATE TABLE Z_PRIMARYKEY (Z_ENT TEXT PRIMARY KEY NOT NULL, Z_MAX INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO Z_METADATA (Z_KEY, Z_VALUE) VALUES ('storeIdentifier', ?)", arguments: [identifier.uuidString])
        } else {
            // `isEmpty` checked that the identifier is there and valid.
            identifier = UUID(uuidString: metadata.values?["storeIdentifier"] ?? "") ?? UUID()
        }
        // Stores created before the persistent history get its tables on their next open.
        try HistorySchema.create(db)
        var old: StoredSchema?
        if let json = metadata.values?["schema"] {
            guard let decoded = try? JSONDecoder().decode(StoredSchema.self, from: Data(json.utf8)) else {
                throw ObjectStoreError.foreignDatabase(path: path, found: "ObjectStore metadata whose schema record cannot be read")
            }
            old = decoded
        }
        let new = StoredSchema(model: model)
        if old == new && metadata.values?["formatVersion"] != nil { return identifier }
        if metadata.values?["formatVersion"] != String(StoreMetadata.formatVersion) {
            try db.execute(sql: "INSERT OR REPLACE INTO Z_METADATA (Z_KEY, Z_VALUE) VALUES ('formatVersion', ?)", arguments: [String(StoreMetadata.formatVersion)])
        }
        if old == new { return identifier }

        for entity in model.entities {
            try migrate(entity, old: old?.entities[entity.name], db: db, path: path)
        }
        try DerivedRefresh.fill(DerivedRefresh.entitiesToFill(model, old: old), rows: SQLiteDerivedRows(db: db))
        for (name, _) in old?.entities ?? [:] where new.entities[name] == nil {
            let rows = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(SQL.quote(name))") ?? 0
            if rows > 0 {
                throw ObjectStoreError.incompatibleSchema(path: path, entity: name, attribute: nil, reason: "the entity was removed from the model but its table holds \(rows) row(s)")
            }
            try db.execute(sql: "DROP TABLE IF EXISTS \(SQL.quote(name))")
            try db.execute(sql: "DELETE FROM Z_PRIMARYKEY WHERE Z_ENT = ?", arguments: [name])
        }
        let json = String(decoding: try JSONEncoder().encode(new), as: UTF8.self)
        try db.execute(sql: "INSERT OR REPLACE INTO Z_METADATA (Z_KEY, Z_VALUE) VALUES ('schema', ?)", arguments: [json])
        return identifier
    }

    /// A column of an index. In a non-unique index, string and decimal attributes are collated as
    /// sorts and comparisons read them (`DS_STRING`, `DS_DECIMAL`), so that those queries can use
    /// the index; a unique index keeps SQLite's byte equality, which its constraint means.
    private static func indexColumn(_ name: String, of entity: EntityDescription, isUnique: Bool) -> String {
        let quoted = SQL.quote(name)
        guard !isUnique, let attribute = entity.attribute(named: name) else { return quoted }
        return quoted + (SortCollation.forSorting(.default, type: attribute.type)?.sqlSuffix ?? "")
    }

    /// Brings the table of `entity`, its join tables and its indexes in line with the model.
    private static func migrate(_ entity: EntityDescription, old: StoredSchema.Entity?, db: Database, path: String) throws {
        try db.execute(sql: "INSERT OR IGNORE INTO Z_PRIMARYKEY (Z_ENT, Z_MAX) VALUES (?, 0)", arguments: [entity.name])
        if try !db.tableExists(entity.name) {
            try createTable(of: entity, db: db)
        } else {
            try addColumns(of: entity, old: old, db: db, path: path)
        }
        try createJoinTables(of: entity, db: db)
        try createIndexes(of: entity, db: db, path: path)
    }

    /// Creates the table of a new entity: its key, its version, its attributes and its to-one keys.
    private static func createTable(of entity: EntityDescription, db: Database) throws {
        var columns = ["Z_PK INTEGER PRIMARY KEY", "Z_OPT INTEGER NOT NULL DEFAULT 1"]
        for attribute in entity.attributes {
            columns.append("\(SQL.quote(attribute.name)) \(attribute.type.sqlType)")
        }
        for relationship in entity.relationships where relationship.column != nil {
            columns.append("\(SQL.quote(relationship.name)) INTEGER")
        }
        try db.execute(sql: "CREATE TABLE \(SQL.table(entity)) (\(columns.joined(separator: ", ")))")
    }

    /// Checks that the attributes the table has already still fit its rows, and adds columns for
    /// the new attributes (filled with their defaults) and the new to-one keys.
    private static func addColumns(of entity: EntityDescription, old: StoredSchema.Entity?, db: Database, path: String) throws {
        let table = SQL.table(entity)
        let existing = Set(try db.columns(in: entity.name).map(\.name))
        let rowCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
        for attribute in entity.attributes {
            if let previous = old?.attributes[attribute.name], existing.contains(attribute.name) {
                try checkKept(attribute, was: previous, of: entity, db: db, path: path)
                continue
            }
            if existing.contains(attribute.name) { continue }
            if !attribute.isOptional && !attribute.hasDefault && rowCount > 0 {
                throw ObjectStoreError.incompatibleSchema(
                    path: path, entity: entity.name, attribute: attribute.name,
                    reason: "the non-optional attribute was added without a default and \(rowCount) existing row(s) would have no value")
            }
            try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN \(SQL.quote(attribute.name)) \(attribute.type.sqlType)")
            if !attribute.defaultValue.isNull {
                try db.execute(sql: "UPDATE \(table) SET \(SQL.quote(attribute.name)) = ?", arguments: [attribute.defaultValue.databaseValue])
            }
        }
        for relationship in entity.relationships where relationship.column != nil && !existing.contains(relationship.name) {
            try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN \(SQL.quote(relationship.name)) INTEGER")
        }
    }

    /// Throws unless an attribute stored before as `previous` can keep its column: same type,
    /// and no nil in its rows if it became non-optional.
    private static func checkKept(_ attribute: AttributeDescription, was previous: StoredSchema.Attribute, of entity: EntityDescription, db: Database, path: String) throws {
        if previous.type != attribute.type {
            throw ObjectStoreError.incompatibleSchema(
                path: path, entity: entity.name, attribute: attribute.name,
                reason: "its type changed from \(previous.type.rawValue) to \(attribute.type.rawValue)")
        }
        if previous.isOptional && !attribute.isOptional {
            let nulls = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(SQL.table(entity)) WHERE \(SQL.quote(attribute.name)) IS NULL") ?? 0
            if nulls > 0 {
                throw ObjectStoreError.incompatibleSchema(
                    path: path, entity: entity.name, attribute: attribute.name,
                    reason: "it became non-optional but \(nulls) row(s) hold nil")
            }
        }
    }

    /// Creates the join table (and its reverse index) of each many-to-many relationship the
    /// entity owns, unless it exists.
    private static func createJoinTables(of entity: EntityDescription, db: Database) throws {
        for relationship in entity.relationships {
            guard let join = relationship.join, join.isOwner else { continue }
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS \(SQL.quote(join.name)) (Z_SOURCE INTEGER NOT NULL, Z_TARGET INTEGER NOT NULL, \
                PRIMARY KEY (Z_SOURCE, Z_TARGET)) WITHOUT ROWID
                """)
            try db.execute(sql: "CREATE INDEX IF NOT EXISTS \(SQL.quote(join.name + "_TARGET")) ON \(SQL.quote(join.name)) (Z_TARGET, Z_SOURCE)")
        }
    }

    /// Creates the entity's indexes that do not exist; a unique index that existing rows break
    /// fails the migration.
    private static func createIndexes(of entity: EntityDescription, db: Database, path: String) throws {
        for index in entity.indexes {
            let columns = index.columns.map { indexColumn($0, of: entity, isUnique: index.isUnique) }.joined(separator: ", ")
            do {
                try db.execute(sql: "CREATE \(index.isUnique ? "UNIQUE " : "")INDEX IF NOT EXISTS \(SQL.quote(index.sqlName(entity: entity.name))) ON \(SQL.table(entity)) (\(columns))")
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw ObjectStoreError.incompatibleSchema(
                    path: path, entity: entity.name, attribute: index.columns.joined(separator: ", "),
                    reason: "existing rows share values, so the new uniqueness constraint cannot be created")
            }
        }
    }
}
