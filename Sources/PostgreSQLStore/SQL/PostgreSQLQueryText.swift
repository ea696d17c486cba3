import GRDB
import ObjectStore
import PostgresNIO

/// The PostgreSQL statements that read objects.
enum PostgreSQLQueryText {
    /// `Z_PK, Z_OPT, "column", …` of the entity's table aliased `t`.
    static func rowColumns(_ entity: EntityDescription) -> String {
        (["t.Z_PK", "t.Z_OPT"] + entity.columnNames.map { "t." + PostgreSQLIdentifier.quoted($0) }).joined(separator: ", ")
    }

    /// The rows of `entity` that `condition` (over `t`, with `?` placeholders) selects, by key;
    /// `locking` locks them until the transaction ends.
    static func rows(
        of entity: EntityDescription, where condition: String, _ arguments: [DatabaseValue], locking: Bool = false, on connection: PostgreSQLConnection
    ) throws -> [StoreRow] {
        let text = "SELECT \(rowColumns(entity)) FROM \(PostgreSQLIdentifier.quoted(entity.name)) AS t WHERE \(condition) ORDER BY t.Z_PK" + (locking ? " FOR UPDATE" : "")
        return try connection.query(PostgreSQLValues.query(text, arguments)).map(storeRow)
    }

    /// A row selected with ``rowColumns(_:)``.
    static func storeRow(_ row: PostgresRow) throws -> StoreRow {
        let values = try PostgreSQLValues.values(of: row)
        return StoreRow(key: Int64.fromDatabaseValue(values[0]) ?? 0, version: Int64.fromDatabaseValue(values[1]) ?? 0, values: ContiguousArray(values.dropFirst(2)))
    }
}
