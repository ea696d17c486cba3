package import GRDB
package import ObjectStore

extension PostgreSQLObjectStore {
    package func keyedProjectionRows(_ query: StoreQuery, mark: ReadMark?) throws(ObjectStoreError) -> [(key: Int64, values: ContiguousArray<DatabaseValue>)] {
        try read(mark: mark) { connection in
            try selectedRows(query, on: connection, wholeRows: false).map { selected in
                (selected.row.key, ContiguousArray(query.projections.map { $0.value(of: selected.object) }))
            }
        }
    }

    /// The server groups when every filter has a PostgreSQL form; otherwise the rows it selects
    /// are folded in memory.
    package func groupedRows(_ grouped: GroupedQuery, mark: ReadMark?) throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>] {
        guard let (text, arguments) = grouped.sql(dialect: .postgreSQL) else {
            return grouped.rows(folding: try keyedProjectionRows(grouped.query, mark: mark).lazy.map(\.values))
        }
        return try read(mark: mark) { connection in
            try connection.query(PostgreSQLValues.query(text, arguments)).map { row in
                var values = ContiguousArray<DatabaseValue>()
                for cell in row { values.append(try PostgreSQLValues.value(of: cell)) }
                return values
            }
        }
    }
}
