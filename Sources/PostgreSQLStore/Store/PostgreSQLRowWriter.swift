import GRDB
import ObjectStore
import PostgresNIO

/// The PostgreSQL store's row statements for ``ObjectStore/CommitWriting``, on the connection
/// of the commit's transaction.
struct PostgreSQLRowWriter: CommitRowWriter {
    let connection: PostgreSQLConnection

    func table(_ entity: EntityDescription) -> String {
        PostgreSQLIdentifier.quoted(entity.name)
    }

    /// Runs `text` with its `?` placeholders bound to `arguments`; the number of rows it changed.
    @discardableResult
    func execute(_ text: String, _ arguments: [DatabaseValue]) throws -> Int {
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

    /// Rows at most one statement takes, so that no message grows without bound.
    static let rowsPerInsert = 5_000

    /// The rows of each entity in one statement per ``rowsPerInsert``: each column is one array
    /// parameter and `unnest` turns the arrays back into rows. A value that does not fit its
    /// column's type (which the store never writes) sends its rows one statement each.
    func insertRows(_ inserts: ArraySlice<CommitBatch.Insert>, version: Int64) throws {
        guard let first = inserts.first else { return }
        if inserts.contains(where: { $0.entity.index != first.entity.index }) {
            // One entity at a time, in the order the entities first appear (the order of rows
            // within a commit means nothing to a reader, who sees them all at once).
            var runs: [Int: [CommitBatch.Insert]] = [:]
            var order: [Int] = []
            for insert in inserts {
                if runs[insert.entity.index] == nil { order.append(insert.entity.index) }
                runs[insert.entity.index, default: []].append(insert)
            }
            for index in order { try insertRows(runs[index]![...], version: version) }
            return
        }
        let entity = first.entity
        guard inserts.count > 1 else {
            for insert in inserts { try insertRow(entity: insert.entity, key: insert.key, version: version, values: insert.values) }
            return
        }
        let kinds = PostgreSQLColumnKind.columns(of: entity)
        let names = (["Z_PK", "Z_OPT"] + entity.columnNames.map(PostgreSQLIdentifier.quoted)).joined(separator: ", ")
        let parameters = (1...(kinds.count + 2)).map { "$\($0)" }.joined(separator: ", ")
        let text = "INSERT INTO \(table(entity)) (\(names)) SELECT * FROM unnest(\(parameters))"
        var start = inserts.startIndex
        while start < inserts.endIndex {
            let chunk = inserts[start..<min(start + Self.rowsPerInsert, inserts.endIndex)]
            start = chunk.endIndex
            guard let bindings = Self.columnArrays(chunk, kinds: kinds, version: version) else {
                for insert in chunk { try insertRow(entity: entity, key: insert.key, version: version, values: insert.values) }
                continue
            }
            try connection.changedRows(PostgresQuery(unsafeSQL: text, binds: bindings))
        }
    }

    /// The keys, versions and every column of `inserts` as arrays, in one pass over the rows;
    /// nil when a value does not fit its column.
    private static func columnArrays(_ inserts: ArraySlice<CommitBatch.Insert>, kinds: [PostgreSQLColumnKind], version: Int64) -> PostgresBindings? {
        var keys = PostgreSQLColumnArray(.bigint, capacity: inserts.count)
        var versions = PostgreSQLColumnArray(.bigint, capacity: inserts.count)
        var columns = kinds.map { PostgreSQLColumnArray($0, capacity: inserts.count) }
        for insert in inserts {
            _ = keys.append(insert.key.databaseValue)
            _ = versions.append(version.databaseValue)
            for column in columns.indices {
                guard columns[column].append(insert.values[column]) else { return nil }
            }
        }
        var bindings = PostgresBindings(capacity: kinds.count + 2)
        bindings.append(keys)
        bindings.append(versions)
        for column in columns { bindings.append(column) }
        return bindings
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
