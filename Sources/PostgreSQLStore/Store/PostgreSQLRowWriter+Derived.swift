import GRDB
import ObjectStore
import PostgresNIO

// The statements ``ObjectStore/CommitWriting`` runs to keep derived attributes current, in the
// commit's transaction.
extension PostgreSQLRowWriter {
    func setColumns(_ columns: [Int], entity: EntityDescription, key: Int64, values: ContiguousArray<DatabaseValue>, raisingVersion: Bool) throws {
        let assignments = columns.map { "\(PostgreSQLIdentifier.quoted(entity.columnNames[$0])) = ?" } + (raisingVersion ? ["Z_OPT = Z_OPT + 1"] : [])
        try execute("UPDATE \(table(entity)) SET \(assignments.joined(separator: ", ")) WHERE Z_PK = ?", columns.map { values[$0] } + [key.databaseValue])
    }

    func allKeys(of entity: EntityDescription) throws -> [Int64] {
        try connection.query(PostgreSQLValues.query("SELECT Z_PK FROM \(table(entity)) ORDER BY Z_PK", [])).map { try $0.decode(Int64.self) }
    }

    func keys(of entity: EntityDescription, column: Int, in targets: [Int64]) throws -> [Int64] {
        var result: [Int64] = []
        for chunk in PostgreSQLObjectStore.chunks(of: targets) {
            let list = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let text = "SELECT Z_PK FROM \(table(entity)) WHERE \(PostgreSQLIdentifier.quoted(entity.columnNames[column])) IN (\(list))"
            result += try connection.query(PostgreSQLValues.query(text, chunk.map(\.databaseValue))).map { try $0.decode(Int64.self) }
        }
        return result
    }

    /// Sums are cast to the attribute's column type, which both stores compute alike (PostgreSQL
    /// would otherwise sum integers as `numeric`).
    func memberTotals(of members: EntityDescription, keyColumn: Int, sum: Int?, type: AttributeType, owners: [Int64]) throws -> [Int64: DatabaseValue] {
        let key = PostgreSQLIdentifier.quoted(members.columnNames[keyColumn])
        let total = sum.map { "CAST(SUM(\(PostgreSQLIdentifier.quoted(members.columnNames[$0]))) AS \(type == .double ? "DOUBLE PRECISION" : "BIGINT"))" } ?? "COUNT(*)"
        var result: [Int64: DatabaseValue] = [:]
        for chunk in PostgreSQLObjectStore.chunks(of: owners) {
            let list = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let text = "SELECT \(key), \(total) FROM \(table(members)) WHERE \(key) IN (\(list)) GROUP BY \(key)"
            for row in try connection.query(PostgreSQLValues.query(text, chunk.map(\.databaseValue))) {
                if type == .double {
                    let (owner, value) = try row.decode((Int64, Double?).self)
                    result[owner] = (value ?? 0).databaseValue
                } else {
                    let (owner, value) = try row.decode((Int64, Int64?).self)
                    result[owner] = (value ?? 0).databaseValue
                }
            }
        }
        return result
    }
}
