import GRDB

extension PersistentStore {
    /// Sets `columns` to `values` in the rows `query` selects whose values differ, as one commit
    /// (``batchCommit(stamp:generationReserved:_:)``); rows whose values already were the new
    /// ones are not written, as a save of the same objects would not write them. The updates are
    /// in key order.
    func batchUpdate(
        _ query: StoreQuery, columns: [Int], values: [DatabaseValue], stamp: HistoryStamp, generationReserved: (Int64) -> Void
    ) throws(ObjectStoreError) -> BatchCommit {
        let entity = query.entity
        return try batchCommit(stamp: stamp, generationReserved: generationReserved) { db, commit in
            var changes: [CommitBatch.Update] = []
            try Self.forEachRow(query, db: db) { row in
                let changed = zip(columns, values).filter { !StoredValueOrder.isSame(row.values[$0.0], $0.1) }.map(\.0)
                guard !changed.isEmpty else { return }
                var after = row.values
                for (column, value) in zip(columns, values) { after[column] = value }
                changes.append(.init(entity: entity, key: row.key, expectedVersion: row.version, committedValues: row.values, values: after, changedColumns: changed))
            }
            let assignments = columns.map { "\(SQL.quote(entity.columnNames[$0])) = ?" }.joined(separator: ", ")
            var versions: [Int64: Int64] = [:]
            for chunk in KeyMembership.chunks(of: changes.map(\.key)) {
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                let sql = "UPDATE \(SQL.table(entity)) SET \(assignments), Z_OPT = Z_OPT + 1 WHERE Z_PK IN (\(placeholders)) RETURNING Z_PK, Z_OPT"
                for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(values + chunk.map(\.databaseValue))) {
                    versions[row[0]] = row[1]
                }
            }
            for change in changes.sorted(by: { $0.key < $1.key }) {
                guard let version = versions[change.key] else { continue }
                commit.batch.updates.append(change)
                commit.outcome.updates.append(.written(before: change.committedValues, after: change.values, columns: change.changedColumns, version: version))
            }
        }
    }
}
