import GRDB

/// SQL steps the migration's phases share.
enum MigrationSQL {
    /// The temporary column a converted attribute's new values go to before it replaces the old
    /// one (attribute names never start with `Z_`).
    static let convertingColumn = "Z_MIGRATING"

    /// The temporary name of the `index`th table a stage renames, or of the `index`th column it
    /// renames in one table (entity and attribute names never start with `Z_`).
    static func renamingName(_ index: Int) -> String {
        "Z_RENAMING_\(index)"
    }

    /// Drops the indexes of `table` that the store made (the additive migration that ends the
    /// stage makes the destination's again).
    static func dropIndexes(of table: String, db: Database) throws {
        let names = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            """, arguments: [table])
        for name in names {
            try db.execute(sql: "DROP INDEX IF EXISTS \(SQL.quote(name))")
        }
    }

    /// Drops `column` of `table` (and the table's indexes, which may cover it), when it exists.
    static func dropColumn(_ column: String, of table: String, db: Database) throws {
        guard try db.columns(in: table).contains(where: { $0.name == column }) else { return }
        try dropIndexes(of: table, db: db)
        try db.execute(sql: "ALTER TABLE \(SQL.quote(table)) DROP COLUMN \(SQL.quote(column))")
    }

    /// The key that ends the batch of `size` rows after `lower` (the last key when fewer are left),
    /// nil when no row is left.
    static func batchEnd(of table: String, after lower: Int64, size: Int, db: Database) throws -> Int64? {
        let quoted = SQL.quote(table)
        if let end = try Int64.fetchOne(db, sql: "SELECT Z_PK FROM \(quoted) WHERE Z_PK > ? ORDER BY Z_PK LIMIT 1 OFFSET ?", arguments: [lower, size - 1]) {
            return end
        }
        return try Int64.fetchOne(db, sql: "SELECT MAX(Z_PK) FROM \(quoted) WHERE Z_PK > ?", arguments: [lower])
    }

    /// The value as the error shows it: text quoted, bytes counted.
    static func describe(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "nil"
        case .int64(let number): "\(number)"
        case .double(let number): "\(number)"
        case .string(let text): "\"\(text.count > 60 ? text.prefix(60) + "…" : text)\""
        case .blob(let data): "\(data.count) bytes"
        }
    }
}
