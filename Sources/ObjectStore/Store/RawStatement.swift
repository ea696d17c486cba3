import GRDB
import GRDBSQLite

/// Runs prepared statements directly through SQLite's C API: binding by index and reading columns
/// by index, without building GRDB rows or argument arrays (the hot paths of fetch and save).
enum RawStatement {
    /// Binds `arguments`, steps through every row calling `body`, and resets the statement.
    static func forEachRow(
        _ statement: Statement,
        db: Database,
        arguments: [DatabaseValue],
        _ body: (OpaquePointer) throws -> Void
    ) throws {
        let sqlite = statement.sqliteStatement
        sqlite3_reset(sqlite)
        sqlite3_clear_bindings(sqlite)
        for (index, value) in arguments.enumerated() {
            let code = value.bindExactly(to: sqlite, at: Int32(index + 1))
            guard code == SQLITE_OK else { throw error(code, db: db, sql: statement.sql) }
        }
        defer { sqlite3_reset(sqlite) }
        while true {
            let code = sqlite3_step(sqlite)
            if code == SQLITE_ROW {
                try body(sqlite)
            } else if code == SQLITE_DONE {
                return
            } else {
                throw error(code, db: db, sql: statement.sql)
            }
        }
    }

    /// Binds values (the first at index 1) and runs a statement that returns no rows.
    /// Returns the number of rows changed.
    @discardableResult
    static func execute(_ statement: Statement, db: Database, bind: (OpaquePointer) -> Int32) throws -> Int {
        let sqlite = statement.sqliteStatement
        sqlite3_reset(sqlite)
        let bindCode = bind(sqlite)
        guard bindCode == SQLITE_OK else { throw error(bindCode, db: db, sql: statement.sql) }
        let code = sqlite3_step(sqlite)
        sqlite3_reset(sqlite)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw error(code, db: db, sql: statement.sql) }
        return Int(sqlite3_changes(db.sqliteConnection))
    }

    /// Binds each value of `values` at consecutive indexes starting at `start`.
    static func bind(_ values: some Sequence<DatabaseValue>, to sqlite: OpaquePointer, from start: Int32) -> Int32 {
        var index = start
        for value in values {
            let code = value.bindExactly(to: sqlite, at: index)
            if code != SQLITE_OK { return code }
            index += 1
        }
        return SQLITE_OK
    }

    /// The current row of a statement selecting `Z_PK, Z_OPT` and then `width` columns.
    static func storeRow(_ sqlite: OpaquePointer, width: Int32) -> StoreRow {
        var values = ContiguousArray<DatabaseValue>()
        values.reserveCapacity(Int(width))
        for index in 0..<width {
            values.append(DatabaseValue(exactColumnOf: sqlite, at: index + 2))
        }
        return StoreRow(key: sqlite3_column_int64(sqlite, 0), version: sqlite3_column_int64(sqlite, 1), values: values)
    }

    static func error(_ code: Int32, db: Database, sql: String) -> DatabaseError {
        let extended = sqlite3_extended_errcode(db.sqliteConnection)
        let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
        return DatabaseError(resultCode: ResultCode(rawValue: extended != 0 ? extended : code), message: message, sql: sql)
    }
}
