import GRDB
import GRDBSQLite

extension PersistentStore {
    /// Writes a batch insert's rows as one commit (``batchCommit(stamp:generationReserved:_:)``):
    /// rows that match an object by the plan's uniqueness constraint update the columns they set
    /// whose values differ, and the others are inserted under keys reserved in the same
    /// transaction. Inserts are in row order, updates in key order.
    func batchInsert(_ plan: BatchInsertPlan, stamp: HistoryStamp, generationReserved: (Int64) -> Void) throws(ObjectStoreError) -> BatchCommit {
        let entity = plan.entity
        return try batchCommit(stamp: stamp, generationReserved: generationReserved) { db, commit in
            var inserts: [BatchInsertPlan.Row] = []
            var updates: [(row: StoreRow, columns: [Int], after: ContiguousArray<DatabaseValue>)] = []
            for row in plan.rows {
                guard let values = plan.constraintValues(of: row), let existing = try Self.row(of: entity, matching: values, in: plan.constraint, db: db) else {
                    inserts.append(row)
                    continue
                }
                let changed = row.given.filter { !StoredValueOrder.isSame(existing.values[$0], row.values[$0]) }
                guard !changed.isEmpty else { continue }
                var after = existing.values
                for column in changed { after[column] = row.values[column] }
                updates.append((existing, changed, after))
            }
            for update in updates.sorted(by: { $0.row.key < $1.row.key }) {
                let assignments = update.columns.map { "\(SQL.quote(entity.columnNames[$0])) = ?" }.joined(separator: ", ")
                let statement = try db.cachedStatement(sql: "UPDATE \(SQL.table(entity)) SET \(assignments), Z_OPT = Z_OPT + 1 WHERE Z_PK = ? RETURNING Z_OPT")
                let arguments = StatementArguments(update.columns.map { update.after[$0] } + [update.row.key.databaseValue])
                guard let version = try Int64.fetchOne(statement, arguments: arguments) else { continue }
                commit.batch.updates.append(.init(
                    entity: entity, key: update.row.key, expectedVersion: update.row.version, committedValues: update.row.values,
                    values: update.after, changedColumns: update.columns))
                commit.outcome.updates.append(.written(before: update.row.values, after: update.after, columns: update.columns, version: version))
            }
            guard !inserts.isEmpty else { return }
            var key = try self.reserveKeys(entity: entity.name, count: Int64(inserts.count), db: db)
            for insert in inserts {
                try self.insertRow(entity: entity, key: key, version: 1, values: insert.values, db: db)
                commit.batch.inserts.append(.init(entity: entity, key: key, values: insert.values))
                key += 1
            }
        }
    }

    /// The row whose `columns` hold `values`, if any (byte equality, as the unique index compares).
    private static func row(of entity: EntityDescription, matching values: [DatabaseValue], in columns: [Int], db: Database) throws -> StoreRow? {
        var query = StoreQuery(entity: entity)
        query.filters = zip(columns, values).map { ColumnEquality(column: $0, value: $1, entity: entity) }
        var found: StoreRow?
        try forEachRow(query, db: db) { found = $0 }
        return found
    }
}
