import GRDB
import ObjectStore

/// The PostgreSQL store's row statements for ``ObjectStore/CommitWriting``, on the connection
/// of the commit's transaction.
struct PostgreSQLRowWriter: CommitRowWriter {
    let connection: PostgreSQLConnection

    private func table(_ entity: EntityDescription) -> String {
        PostgreSQLIdentifier.quoted(entity.name)
    }

    /// Runs `text` with its `?` placeholders bound to `arguments`; the number of rows it changed.
    @discardableResult
    private func execute(_ text: String, _ arguments: [DatabaseValue]) throws -> Int {
        try connection.changedRows(PostgreSQLValues.query(text, arguments))
    }

    func deleteRow(entity: EntityDescription, key: Int64, version: Int64?) throws -> Bool {
        guard let version else { return try execute("DELETE FROM \(table(entity)) WHERE Z_PK = ?", [key.databaseValue]) > 0 }
        return try execute("DELETE FROM \(table(entity)) WHERE Z_PK = ? AND Z_OPT = ?", [key.databaseValue, version.databaseValue]) > 0
    }

    func updateRow(entity: EntityDescription, key: Int64, columns: [Int], values: ContiguousArray<DatabaseValue>, version: Int64) throws -> Bool {
        let assignments = columns.map { "\(PostgreSQLIdentifier.quoted(entity.columnNames[$0])) = ?" } + ["Z_OPT = ?"]
        let arguments = columns.map { values[$0] } + [(version + 1).databaseValue, key.databaseValue, version.databaseValue]
        return try execute("UPDATE \(table(entity)) SET \(assignments.joined(separator: ", ")) WHERE Z_PK = ? AND Z_OPT = ?", arguments) > 0
    }

    func clearColumns(_ columns: [Int], entity: EntityDescription, key: Int64, version: Int64) throws {
        let assignments = columns.map { "\(PostgreSQLIdentifier.quoted(entity.columnNames[$0])) = NULL" }.joined(separator: ", ")
        try execute("UPDATE \(table(entity)) SET \(assignments) WHERE Z_PK = ? AND Z_OPT = ?", [key.databaseValue, version.databaseValue])
    }

    func insertRow(entity: EntityDescription, key: Int64, version: Int64, values: ContiguousArray<DatabaseValue>) throws {
        let columns = ["Z_PK", "Z_OPT"] + entity.columnNames.map(PostgreSQLIdentifier.quoted)
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try execute(
            "INSERT INTO \(table(entity)) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))",
            [key.databaseValue, version.databaseValue] + Array(values))
    }

    func row(entity: EntityDescription, key: Int64) throws -> StoreRow? {
        try PostgreSQLQueryText.rows(of: entity, where: "t.Z_PK = ?", [key.databaseValue], on: connection).first
    }

    func apply(_ link: CommitBatch.Link) throws -> Bool {
        guard let join = link.relationship.join else { return false }
        let table = PostgreSQLIdentifier.quoted(join.name)
        let text = link.linked
            ? "INSERT INTO \(table) (Z_SOURCE, Z_TARGET) VALUES (?, ?) ON CONFLICT DO NOTHING"
            : "DELETE FROM \(table) WHERE Z_SOURCE = ? AND Z_TARGET = ?"
        return try execute(text, [link.source.databaseValue, link.target.databaseValue]) > 0
    }

    func unlinkAll(entity: EntityDescription, key: Int64) throws {
        for relationship in entity.relationships {
            guard let join = relationship.join else { continue }
            try execute("DELETE FROM \(PostgreSQLIdentifier.quoted(join.name)) WHERE \(join.ownColumn) = ?", [key.databaseValue])
        }
    }
}
