import GRDB
import GRDBSQLite

/// The SQLite store's row statements for ``CommitWriting``, on the connection of the commit's
/// transaction: cached statements, values bound straight into SQLite.
struct SQLiteRowWriter: CommitRowWriter {
    let store: SQLiteStore
    let db: Database

    func deleteRow(entity: EntityDescription, key: Int64, version: Int64?) throws -> Bool {
        let table = SQL.table(entity)
        guard let version else {
            let statement = try db.cachedStatement(sql: "DELETE FROM \(table) WHERE Z_PK = ?")
            return try RawStatement.execute(statement, db: db) { sqlite3_bind_int64($0, 1, key) } > 0
        }
        let statement = try db.cachedStatement(sql: "DELETE FROM \(table) WHERE Z_PK = ? AND Z_OPT = ?")
        return try RawStatement.execute(statement, db: db) { sqlite in
            let code = sqlite3_bind_int64(sqlite, 1, key)
            return code == SQLITE_OK ? sqlite3_bind_int64(sqlite, 2, version) : code
        } > 0
    }

    func updateRow(entity: EntityDescription, key: Int64, columns: [Int], values: ContiguousArray<DatabaseValue>, version: Int64) throws -> Bool {
        let assignments = columns.map { "\(SQL.quote(entity.columnNames[$0])) = ?" } + ["Z_OPT = ?"]
        let statement = try db.cachedStatement(sql: "UPDATE \(SQL.table(entity)) SET \(assignments.joined(separator: ", ")) WHERE Z_PK = ? AND Z_OPT = ?")
        let changed = try RawStatement.execute(statement, db: db) { sqlite in
            var code = RawStatement.bind(columns.lazy.map { values[$0] }, to: sqlite, from: 1)
            guard code == SQLITE_OK else { return code }
            let next = Int32(columns.count + 1)
            code = sqlite3_bind_int64(sqlite, next, version + 1)
            if code == SQLITE_OK { code = sqlite3_bind_int64(sqlite, next + 1, key) }
            if code == SQLITE_OK { code = sqlite3_bind_int64(sqlite, next + 2, version) }
            return code
        }
        return changed > 0
    }

    func clearColumns(_ columns: [Int], entity: EntityDescription, key: Int64, version: Int64) throws {
        let assignments = columns.map { "\(SQL.quote(entity.columnNames[$0])) = NULL" }.joined(separator: ", ")
        let statement = try db.cachedStatement(sql: "UPDATE \(SQL.table(entity)) SET \(assignments) WHERE Z_PK = ? AND Z_OPT = ?")
        try RawStatement.execute(statement, db: db) { sqlite in
            let code = sqlite3_bind_int64(sqlite, 1, key)
            return code == SQLITE_OK ? sqlite3_bind_int64(sqlite, 2, version) : code
        }
    }

    func insertRow(entity: EntityDescription, key: Int64, version: Int64, values: ContiguousArray<DatabaseValue>) throws {
        try store.insertRow(entity: entity, key: key, version: version, values: values, db: db)
    }

    func apply(_ link: CommitBatch.Link) throws -> Bool {
        guard let join = link.relationship.join else { return false }
        let table = SQL.quote(join.name)
        let sql = link.linked
            ? "INSERT OR IGNORE INTO \(table) (Z_SOURCE, Z_TARGET) VALUES (?, ?)"
            : "DELETE FROM \(table) WHERE Z_SOURCE = ? AND Z_TARGET = ?"
        let statement = try db.cachedStatement(sql: sql)
        return try RawStatement.execute(statement, db: db) { sqlite in
            let code = sqlite3_bind_int64(sqlite, 1, link.source)
            return code == SQLITE_OK ? sqlite3_bind_int64(sqlite, 2, link.target) : code
        } > 0
    }

    func unlinkAll(entity: EntityDescription, key: Int64) throws {
        for relationship in entity.relationships {
            guard let join = relationship.join else { continue }
            let statement = try db.cachedStatement(sql: "DELETE FROM \(SQL.quote(join.name)) WHERE \(join.ownColumn) = ?")
            try RawStatement.execute(statement, db: db) { sqlite3_bind_int64($0, 1, key) }
        }
    }
}
