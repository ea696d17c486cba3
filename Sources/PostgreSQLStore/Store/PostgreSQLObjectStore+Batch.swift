import Foundation
package import GRDB
package import ObjectStore

extension PostgreSQLObjectStore {
    /// Runs a batch operation as one commit: in one transaction that first raises the store
    /// generation (told to `generationReserved` before anything is written), `body` writes its
    /// rows and lists them in the commit; with history tracking on, the commit's history
    /// transaction is appended last. Nothing is written when an error is thrown.
    func batchCommit(
        stamp: HistoryStamp, generationReserved: (Int64) -> Void, _ body: (PostgreSQLConnection, inout BatchCommit) throws -> Void
    ) throws(ObjectStoreError) -> BatchCommit {
        try write { connection in
            var commit = BatchCommit()
            commit.batch.stamp = stamp
            commit.outcome.generation = try advanceGeneration(on: connection)
            generationReserved(commit.outcome.generation)
            try body(connection, &commit)
            try commit.refreshDerivedValues(writer: PostgreSQLRowWriter(connection: connection))
            if tracksHistory {
                let changes = try commit.historyChanges(entityBindings: entityBindings)
                try appendHistoryTransaction(changes, generation: commit.outcome.generation, stamp: stamp, on: connection)
            }
            return commit
        }
    }

    /// Sets `columns` to `values` in the rows `query` selects whose values differ, as one
    /// commit; rows that already hold the new values are not written. The rows are selected
    /// (`FOR UPDATE`, so no other commit changes them before they are written) and evaluated as
    /// fetches are, then written by key, the rows that differ in the same columns together.
    /// Text PostgreSQL cannot hold fails the request before anything is written.
    package func batchUpdate(
        _ query: StoreQuery, columns: [Int], values: [DatabaseValue], stamp: HistoryStamp, generationReserved: (Int64) -> Void
    ) throws(ObjectStoreError) -> BatchCommit {
        let entity = query.entity
        try checkTextIsStorable(in: [zip(columns, values).map { ($0, $1) }], of: entity)
        return try batchCommit(stamp: stamp, generationReserved: generationReserved) { connection, commit in
            var groups: [[Bool]: AttributeUpdates.Group] = [:]
            for selected in try selectedRows(query, on: connection, locking: true) {
                let changed = columns.indices.map { !StoredValueOrder.isSame(selected.row.values[columns[$0]], values[$0]) }
                guard changed.contains(true) else { continue }
                groups[changed, default: AttributeUpdates.Group(
                    columns: changed.indices.filter { changed[$0] }.map { columns[$0] },
                    values: changed.indices.filter { changed[$0] }.map { values[$0] })
                ].append(key: selected.row.key, version: 0)
            }
            var updates = AttributeUpdates(entity: entity)
            for (_, var group) in groups.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) { !$0 && $1 } }) {
                group.sortByKey()
                let assignments = group.columns.map { "\(PostgreSQLIdentifier.quoted(entity.columnNames[$0])) = ?" }.joined(separator: ", ")
                var versions: [Int64: Int64] = [:]
                for chunk in Self.chunks(of: group.keys) {
                    let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                    let text = "UPDATE \(PostgreSQLIdentifier.quoted(entity.name)) SET \(assignments), Z_OPT = Z_OPT + 1 WHERE Z_PK IN (\(placeholders)) RETURNING Z_PK, Z_OPT"
                    for row in try connection.query(PostgreSQLValues.query(text, group.values + chunk.map(\.databaseValue))) {
                        let (key, version) = try row.decode((Int64, Int64).self)
                        versions[key] = version
                    }
                }
                group.versions = group.keys.map { versions[$0] ?? 0 }
                updates.groups.append(group)
            }
            commit.attributeUpdates = updates
        }
    }

    /// Writes a batch insert's rows as one commit: rows that match an object by the plan's
    /// uniqueness constraint update the columns they set whose values differ, and the others
    /// are inserted under keys reserved in the same transaction. Inserts are in row order,
    /// updates in key order. Text PostgreSQL cannot hold fails the request before anything is
    /// written.
    package func batchInsert(_ plan: BatchInsertPlan, stamp: HistoryStamp, generationReserved: (Int64) -> Void) throws(ObjectStoreError) -> BatchCommit {
        let entity = plan.entity
        try checkTextIsStorable(in: plan.rows.map { row in row.values.indices.map { ($0, row.values[$0]) } }, of: entity)
        return try batchCommit(stamp: stamp, generationReserved: generationReserved) { connection, commit in
            let writer = PostgreSQLRowWriter(connection: connection)
            let lookup = plan.constraint.map { "t.\(PostgreSQLIdentifier.quoted(entity.columnNames[$0])) = ?" }.joined(separator: " AND ")
            let (inserts, updates) = try plan.split { values in
                try PostgreSQLQueryText.rows(of: entity, where: lookup, values, locking: true, on: connection).first
            }
            for update in updates {
                guard try writer.updateRow(entity: entity, key: update.row.key, columns: update.columns, values: update.after, version: update.row.version) else {
                    continue
                }
                commit.batch.updates.append(.init(
                    entity: entity, key: update.row.key, expectedVersion: update.row.version, committedValues: update.row.values,
                    values: update.after, changedColumns: update.columns))
                commit.outcome.updates.append(.written(before: update.row.values, after: update.after, columns: update.columns, version: update.row.version + 1))
            }
            guard !inserts.isEmpty else { return }
            let first = try reserveKeys(entity: entity.name, count: Int64(inserts.count), on: connection)
            let start = commit.batch.inserts.endIndex
            for (offset, insert) in inserts.enumerated() {
                commit.batch.inserts.append(.init(entity: entity, key: first + Int64(offset), values: insert.values))
            }
            try writer.insertRows(commit.batch.inserts[start...], version: 1)
        }
    }

    /// Deletes the rows `query` selects and applies their entities' delete rules, as one commit
    /// (the phases of ``ObjectStore/BatchDeletePlan``, every row they read locked); a deny rule
    /// that still holds fails the whole delete with
    /// ``ObjectStore/ObjectStoreError/validation(_:)`` and writes nothing.
    package func batchDelete(_ query: StoreQuery, stamp: HistoryStamp, generationReserved: (Int64) -> Void) throws(ObjectStoreError) -> (commit: BatchCommit, requested: Int) {
        var requested = 0
        let commit = try batchCommit(stamp: stamp, generationReserved: generationReserved) { connection, commit in
            let rows = PostgreSQLBatchDeleteRows(store: self, connection: connection)
            requested = try BatchDeletePlan.run(query, model: model, entityBindings: entityBindings, rows: rows, into: &commit)
        }
        return (commit, requested)
    }
}
