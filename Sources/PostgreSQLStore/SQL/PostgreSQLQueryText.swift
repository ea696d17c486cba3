import GRDB
import ObjectStore
import PostgresNIO

/// The PostgreSQL statements that read objects.
enum PostgreSQLQueryText {
    /// `Z_PK, Z_OPT, "column", …` of the entity's table aliased `t`.
    static func rowColumns(_ entity: EntityDescription) -> String {
        rowColumns(entity, only: nil)
    }

    /// `Z_PK, Z_OPT` and the entity's `columns` (every column when nil) of its table aliased `t`.
    static func rowColumns(_ entity: EntityDescription, only columns: [Int]?) -> String {
        let names = columns.map { $0.map { entity.columnNames[$0] } } ?? entity.columnNames
        return (["t.Z_PK", "t.Z_OPT"] + names.map { "t." + PostgreSQLIdentifier.quoted($0) }).joined(separator: ", ")
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
        storeRow(try PostgreSQLValues.values(of: row)[...])
    }

    /// A row selected with ``rowColumns(_:only:)``: the columns it did not read are NULL.
    static func storeRow(_ row: PostgresRow, columns: [Int]?, of entity: EntityDescription) throws -> StoreRow {
        var stored = try storeRow(row)
        guard let columns else { return stored }
        var values = ContiguousArray(repeating: DatabaseValue.null, count: entity.columnNames.count)
        for (position, column) in columns.enumerated() { values[column] = stored.values[position] }
        stored.values = values
        return stored
    }

    /// A row from the values of ``rowColumns(_:)``.
    static func storeRow(_ values: ArraySlice<DatabaseValue>) -> StoreRow {
        let start = values.startIndex
        return StoreRow(
            key: Int64.fromDatabaseValue(values[start]) ?? 0, version: Int64.fromDatabaseValue(values[start + 1]) ?? 0,
            values: ContiguousArray(values.dropFirst(2)))
    }
}
