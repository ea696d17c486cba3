import GRDB
import ObjectStore

/// The PostgreSQL store's statements for ``ObjectStore/BatchDeletePlan``, on the connection of
/// the delete's transaction; every row read is locked until it ends.
struct PostgreSQLBatchDeleteRows: BatchDeleteRows {
    let store: PostgreSQLObjectStore
    let connection: PostgreSQLConnection

    func selectedRows(_ query: StoreQuery) throws -> [StoreRow] {
        try store.selectedRows(query, on: connection, locking: true).map(\.row)
    }

    func rows(of entity: EntityDescription, keys: [Int64]) throws -> [StoreRow] {
        try rows(of: entity, condition: "t.Z_PK", in: keys)
    }

    func rows(of entity: EntityDescription, column: Int, in keys: [Int64]) throws -> [StoreRow] {
        try rows(of: entity, condition: "t." + PostgreSQLIdentifier.quoted(entity.columnNames[column]), in: keys)
    }

    private func rows(of entity: EntityDescription, condition column: String, in keys: [Int64]) throws -> [StoreRow] {
        var rows: [StoreRow] = []
        for chunk in PostgreSQLObjectStore.chunks(of: keys) {
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            rows += try PostgreSQLQueryText.rows(of: entity, where: "\(column) IN (\(placeholders))", chunk.map(\.databaseValue), locking: true, on: connection)
        }
        return rows
    }

    func linkedKeys(_ join: JoinTable, of keys: [Int64]) throws -> [(own: Int64, other: Int64)] {
        var pairs: [(own: Int64, other: Int64)] = []
        for chunk in PostgreSQLObjectStore.chunks(of: keys) {
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let text = """
                SELECT \(join.ownColumn), \(join.otherColumn) FROM \(PostgreSQLIdentifier.quoted(join.name)) \
                WHERE \(join.ownColumn) IN (\(placeholders)) ORDER BY 1, 2
                """
            for row in try connection.query(PostgreSQLValues.query(text, chunk.map(\.databaseValue))) {
                let (own, other) = try row.decode((Int64, Int64).self)
                pairs.append((own, other))
            }
        }
        return pairs
    }

    func clearColumns(_ columns: [Int], entity: EntityDescription, key: Int64) throws -> Int64? {
        let assignments = columns.map { "\(PostgreSQLIdentifier.quoted(entity.columnNames[$0])) = NULL" }.joined(separator: ", ")
        let text = "UPDATE \(PostgreSQLIdentifier.quoted(entity.name)) SET \(assignments), Z_OPT = Z_OPT + 1 WHERE Z_PK = ? RETURNING Z_OPT"
        return try connection.query(PostgreSQLValues.query(text, [key.databaseValue])).first?.decode(Int64.self)
    }

    func deleteRows(of entity: EntityDescription, keys: [Int64]) throws {
        for chunk in PostgreSQLObjectStore.chunks(of: keys) {
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let arguments = chunk.map(\.databaseValue)
            try connection.query(PostgreSQLValues.query("DELETE FROM \(PostgreSQLIdentifier.quoted(entity.name)) WHERE Z_PK IN (\(placeholders))", arguments))
            for relationship in entity.relationships {
                guard let join = relationship.join else { continue }
                try connection.query(PostgreSQLValues.query("DELETE FROM \(PostgreSQLIdentifier.quoted(join.name)) WHERE \(join.ownColumn) IN (\(placeholders))", arguments))
            }
        }
    }
}
