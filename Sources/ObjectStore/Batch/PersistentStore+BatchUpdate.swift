import GRDB

/// What a batch update wrote: per row changed, its new version and the columns whose values
/// changed.
struct BatchUpdateOutcome {
    var generation: Int64 = 0
    var rows: [(key: Int64, version: Int64, changed: [Int])] = []
}

extension PersistentStore {
    /// Sets `columns` to `values` in the rows `query` selects whose values differ, in one
    /// transaction that raises the store generation (told to `generationReserved` first) and, with
    /// history tracking on, appends the commit's history transaction (rows whose values already
    /// were the new ones are not written, as a save of the same objects would not write them).
    func batchUpdate(
        _ query: StoreQuery, columns: [Int], values: [DatabaseValue], stamp: HistoryStamp, generationReserved: (Int64) -> Void
    ) throws(ObjectStoreError) -> BatchUpdateOutcome {
        let entity = query.entity
        do {
            return try writer.write { db in
                var outcome = BatchUpdateOutcome()
                outcome.generation = try StoreGeneration.advance(db)
                generationReserved(outcome.generation)
                var changes: [(key: Int64, changed: [Int])] = []
                try Self.forEachRow(query, db: db) { row in
                    let changed = zip(columns, values).filter { !StoredValueOrder.isSame(row.values[$0.0], $0.1) }.map(\.0)
                    if !changed.isEmpty { changes.append((row.key, changed)) }
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
                outcome.rows = changes.compactMap { change in versions[change.key].map { (change.key, $0, change.changed) } }.sorted { $0.key < $1.key }
                if self.tracksHistory {
                    let rows = outcome.rows.map { row in
                        HistoryRecorder.Row(id: self.objectID(entity, row.key), type: .update, properties: row.changed.map { entity.columnNames[$0] })
                    }
                    try self.appendHistoryTransaction(rows, generation: outcome.generation, stamp: stamp, db: db)
                }
                return outcome
            }
        } catch {
            throw commitError(error)
        }
    }
}
