import GRDB
import GRDBSQLite

extension SQLiteStore {
    /// Writes a batch insert's rows as one commit (``batchCommit(stamp:generationReserved:_:)``):
    /// rows that match an object by the plan's uniqueness constraint update the columns they set
    /// whose values differ, and the others are inserted under keys reserved in the same
    /// transaction. Inserts are in row order, updates in key order.
    func batchInsert(_ plan: BatchInsertPlan, stamp: HistoryStamp, generationReserved: (Int64) -> Void) throws(ObjectStoreError) -> BatchCommit {
        let entity = plan.entity
        return try batchCommit(stamp: stamp, generationReserved: generationReserved) { db, commit in
            let lookup = try Self.constraintLookup(of: entity, columns: plan.constraint, db: db)
            let (inserts, updates) = try plan.split { values in
                guard let lookup else { return nil }
                return try Self.row(of: entity, matching: values, with: lookup, db: db)
            }
            for update in updates {
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

    /// The statement that reads the row whose `columns` hold given values (byte equality, as the
    /// unique index compares); nil without columns. Prepared once per request.
    private static func constraintLookup(of entity: EntityDescription, columns: [Int], db: Database) throws -> Statement? {
        guard !columns.isEmpty else { return nil }
        let condition = columns.map { "t.\(SQL.quote(entity.columnNames[$0])) IS ?" }.joined(separator: " AND ")
        return try db.cachedStatement(sql: "SELECT \(SQL.rowColumns(entity, alias: "t")) FROM \(SQL.table(entity)) AS t WHERE \(condition)")
    }

    /// The row `lookup` finds for `values`, if any.
    private static func row(of entity: EntityDescription, matching values: [DatabaseValue], with lookup: Statement, db: Database) throws -> StoreRow? {
        let width = Int32(entity.columnNames.count)
        var found: StoreRow?
        try RawStatement.forEachRow(lookup, db: db, arguments: values) { found = RawStatement.storeRow($0, width: width) }
        return found
    }
}
