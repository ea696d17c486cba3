import GRDB
import GRDBSQLite

extension SQLiteStore {
    func keyedProjectionRows(_ query: StoreQuery, mark: ReadMark?) throws(ObjectStoreError) -> [(key: Int64, values: ContiguousArray<DatabaseValue>)] {
        try read(mark: mark) { db in
            let (text, arguments) = query.sql(.projections)
            let statement = try db.cachedStatement(sql: text)
            let width = Int32(query.projections.count)
            var rows: [(key: Int64, values: ContiguousArray<DatabaseValue>)] = []
            try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
                rows.append((sqlite3_column_int64(sqlite, 0), Self.values(of: sqlite, from: 1, count: width)))
            }
            return rows
        }
    }

    func groupedRows(_ grouped: GroupedQuery, mark: ReadMark?) throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>] {
        guard let (text, arguments) = grouped.sql(dialect: .sqlite) else {
            return try grouped.rows(folding: try keyedProjectionRows(grouped.query, mark: mark).lazy.map(\.values))
        }
        return try read(mark: mark) { db in
            let statement = try db.cachedStatement(sql: text)
            let width = Int32(grouped.columns.count)
            var rows: [ContiguousArray<DatabaseValue>] = []
            do {
                try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
                    rows.append(Self.values(of: sqlite, from: 0, count: width))
                }
            } catch let error as DatabaseError {
                if let overflow = Self.overflow(error, grouped) { throw overflow }
                throw error
            }
            return rows
        }
    }

    /// The overflow `ds_isum` reported in `error`, as the typed error naming the column.
    private static func overflow(_ error: DatabaseError, _ grouped: GroupedQuery) -> ObjectStoreError? {
        guard let message = error.message, message.hasPrefix(StoreFunctions.integerSumOverflow) else { return nil }
        return .integerSumOverflow(entity: grouped.query.entity.name, column: String(message.dropFirst(StoreFunctions.integerSumOverflow.count)))
    }

    /// The `count` column values of the current row from column `start`.
    private static func values(of sqlite: OpaquePointer, from start: Int32, count: Int32) -> ContiguousArray<DatabaseValue> {
        var values = ContiguousArray<DatabaseValue>()
        values.reserveCapacity(Int(count))
        for index in 0..<count { values.append(DatabaseValue(exactColumnOf: sqlite, at: index + start)) }
        return values
    }
}
