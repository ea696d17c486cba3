import GRDB
import GRDBSQLite

// A commit's writer computes derived attributes with the statements of its connection.
extension SQLiteRowWriter {
    private var rows: SQLiteDerivedRows { SQLiteDerivedRows(db: db) }

    func row(entity: EntityDescription, key: Int64) throws -> StoreRow? {
        try rows.row(entity: entity, key: key)
    }

    func setColumns(_ columns: [Int], entity: EntityDescription, key: Int64, values: ContiguousArray<DatabaseValue>, raisingVersion: Bool) throws {
        try rows.setColumns(columns, entity: entity, key: key, values: values, raisingVersion: raisingVersion)
    }

    func allKeys(of entity: EntityDescription) throws -> [Int64] {
        try rows.allKeys(of: entity)
    }

    func keys(of entity: EntityDescription, column: Int, in targets: [Int64]) throws -> [Int64] {
        try rows.keys(of: entity, column: column, in: targets)
    }

    func memberTotals(of members: EntityDescription, keyColumn: Int, sum: Int?, type: AttributeType, owners: [Int64]) throws -> [Int64: DatabaseValue] {
        try rows.memberTotals(of: members, keyColumn: keyColumn, sum: sum, type: type, owners: owners)
    }
}

/// The SQLite statements that compute derived attributes, on the connection of a commit's or a
/// migration's transaction.
struct SQLiteDerivedRows: DerivedRowAccess {
    let db: Database

    func row(entity: EntityDescription, key: Int64) throws -> StoreRow? {
        let (text, arguments) = KeyMembership.query(entity: entity, keys: [key]).sql(.rows)
        let statement = try db.cachedStatement(sql: text)
        var result: StoreRow?
        let width = Int32(entity.columnNames.count)
        try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
            result = RawStatement.storeRow(sqlite, width: width)
        }
        return result
    }

    func allKeys(of entity: EntityDescription) throws -> [Int64] {
        try Int64.fetchAll(db, sql: "SELECT Z_PK FROM \(SQL.table(entity)) ORDER BY Z_PK")
    }

    func setColumns(_ columns: [Int], entity: EntityDescription, key: Int64, values: ContiguousArray<DatabaseValue>, raisingVersion: Bool) throws {
        let assignments = columns.map { "\(SQL.quote(entity.columnNames[$0])) = ?" } + (raisingVersion ? ["Z_OPT = Z_OPT + 1"] : [])
        try db.execute(
            sql: "UPDATE \(SQL.table(entity)) SET \(assignments.joined(separator: ", ")) WHERE Z_PK = ?",
            arguments: StatementArguments(columns.map { values[$0] } + [key.databaseValue]))
    }

    func keys(of entity: EntityDescription, column: Int, in targets: [Int64]) throws -> [Int64] {
        var result: [Int64] = []
        for chunk in KeyMembership.chunks(of: targets) {
            let list = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            result += try Int64.fetchAll(
                db, sql: "SELECT Z_PK FROM \(SQL.table(entity)) WHERE \(SQL.quote(entity.columnNames[column])) IN (\(list))",
                arguments: StatementArguments(chunk))
        }
        return result
    }

    func memberTotals(of members: EntityDescription, keyColumn: Int, sum: Int?, type: AttributeType, owners: [Int64]) throws -> [Int64: DatabaseValue] {
        let key = SQL.quote(members.columnNames[keyColumn])
        let total = sum.map { "SUM(\(SQL.quote(members.columnNames[$0])))" } ?? "COUNT(*)"
        var result: [Int64: DatabaseValue] = [:]
        for chunk in KeyMembership.chunks(of: owners) {
            let list = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let rows = try Row.fetchAll(
                db, sql: "SELECT \(key), \(total) FROM \(SQL.table(members)) WHERE \(key) IN (\(list)) GROUP BY \(key)",
                arguments: StatementArguments(chunk))
            for row in rows {
                let owner: Int64 = row[0]
                let value: DatabaseValue = row[1]
                result[owner] = type == .double ? (Double.fromDatabaseValue(value) ?? 0).databaseValue : value
            }
        }
        return result
    }
}
