package import GRDB
import PostgresNIO
package import ObjectStore

extension PostgreSQLObjectStore {
    package func keyedProjectionRows(_ query: StoreQuery, mark: ReadMark?) throws(ObjectStoreError) -> [(key: Int64, values: ContiguousArray<DatabaseValue>)] {
        try read(mark: mark) { connection in
            try selectedRows(query, on: connection, wholeRows: false).map { selected in
                (selected.row.key, ContiguousArray(query.projections.map { $0.value(of: selected.object) }))
            }
        }
    }

    /// The server groups when every filter, sort and computed column has an exact PostgreSQL
    /// form; otherwise the rows it selects are folded in memory. An integer sum that overflows
    /// `bigint` on the server is folded too, which throws the typed error naming the column.
    package func groupedRows(_ grouped: GroupedQuery, mark: ReadMark?) throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>] {
        guard let (text, arguments) = grouped.sql(dialect: .postgreSQL) else {
            return try grouped.rows(folding: try keyedProjectionRows(grouped.query, mark: mark).lazy.map(\.values))
        }
        let rows = try read(mark: mark) { connection -> [ContiguousArray<DatabaseValue>]? in
            let result: [PostgresRow]
            do {
                result = try connection.query(PostgreSQLValues.query(text, arguments))
            } catch PostgreSQLStoreError.statementFailed(sqlState: PostgreSQLObjectStore.outOfRange, _) {
                return nil
            }
            return try result.map { row in
                var values = ContiguousArray<DatabaseValue>()
                for cell in row { values.append(try PostgreSQLValues.value(of: cell)) }
                return values
            }
        }
        guard let rows else {
            return try grouped.rows(folding: try keyedProjectionRows(grouped.query, mark: mark).lazy.map(\.values))
        }
        return rows
    }

    /// PostgreSQL's SQLSTATE for a value out of its type's range (`bigint out of range`).
    private static let outOfRange = "22003"
}
