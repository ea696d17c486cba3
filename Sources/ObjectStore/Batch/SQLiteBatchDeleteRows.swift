import GRDB

/// The SQLite store's statements for ``BatchDeletePlan``, on the connection of the delete's
/// transaction.
struct SQLiteBatchDeleteRows: BatchDeleteRows {
    let db: Database

    func selectedRows(_ query: StoreQuery) throws -> [StoreRow] {
        let entity = query.entity
        let (condition, arguments) = query.rowCondition()
        let sql = "SELECT \(SQL.rowColumns(entity, alias: "t")) FROM \(SQL.table(entity)) AS t WHERE \(condition)"
        let width = Int32(entity.columnNames.count)
        var rows: [StoreRow] = []
        try RawStatement.forEachRow(try db.cachedStatement(sql: sql), db: db, arguments: arguments) { sqlite in
            rows.append(RawStatement.storeRow(sqlite, width: width))
        }
        return rows
    }

    func rows(of entity: EntityDescription, keys: [Int64]) throws -> [StoreRow] {
        var rows: [StoreRow] = []
        for chunk in KeyMembership.chunks(of: keys) {
            try SQLiteStore.forEachRow(KeyMembership.query(entity: entity, keys: chunk), db: db) { rows.append($0) }
        }
        return rows
    }

    func rows(of entity: EntityDescription, column: Int, in keys: [Int64]) throws -> [StoreRow] {
        var rows: [StoreRow] = []
        for chunk in KeyMembership.chunks(of: keys) {
            var query = StoreQuery(entity: entity)
            query.filters = [ColumnMembership(column: column, keys: chunk, entity: entity)]
            try SQLiteStore.forEachRow(query, db: db) { rows.append($0) }
        }
        return rows
    }

    func linkedKeys(_ join: JoinTable, of keys: [Int64]) throws -> [(own: Int64, other: Int64)] {
        var pairs: [(own: Int64, other: Int64)] = []
        for chunk in KeyMembership.chunks(of: keys) {
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let sql = "SELECT \(join.ownColumn), \(join.otherColumn) FROM \(SQL.quote(join.name)) WHERE \(join.ownColumn) IN (\(placeholders)) ORDER BY 1, 2"
            for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(chunk)) {
                pairs.append((row[0], row[1]))
            }
        }
        return pairs
    }

    func clearColumns(_ columns: [Int], entity: EntityDescription, key: Int64) throws -> Int64? {
        let assignments = columns.map { "\(SQL.quote(entity.columnNames[$0])) = NULL" }.joined(separator: ", ")
        let statement = try db.cachedStatement(sql: "UPDATE \(SQL.table(entity)) SET \(assignments), Z_OPT = Z_OPT + 1 WHERE Z_PK = ? RETURNING Z_OPT")
        return try Int64.fetchOne(statement, arguments: [key])
    }

    func deleteRows(of entity: EntityDescription, keys: [Int64]) throws {
        for chunk in KeyMembership.chunks(of: keys) {
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            try db.execute(sql: "DELETE FROM \(SQL.table(entity)) WHERE Z_PK IN (\(placeholders))", arguments: StatementArguments(chunk))
            for relationship in entity.relationships {
                guard let join = relationship.join else { continue }
                try db.execute(sql: "DELETE FROM \(SQL.quote(join.name)) WHERE \(join.ownColumn) IN (\(placeholders))", arguments: StatementArguments(chunk))
            }
        }
    }
}
