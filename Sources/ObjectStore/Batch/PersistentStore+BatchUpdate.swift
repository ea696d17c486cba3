import GRDB
import GRDBSQLite

extension PersistentStore {
    /// Sets `columns` to `values` in the rows `query` selects whose values differ, as one commit
    /// (``batchCommit(stamp:generationReserved:_:)``); rows whose values already were the new
    /// ones are not written, as a save of the same objects would not write them. Reads no row:
    /// with one column, one `UPDATE … RETURNING` does it all; with several, the rows' keys and
    /// which of the columns differ are read first, and each set of rows that differ in the same
    /// columns is updated together.
    func batchUpdate(
        _ query: StoreQuery, columns: [Int], values: [DatabaseValue], stamp: HistoryStamp, generationReserved: (Int64) -> Void
    ) throws(ObjectStoreError) -> BatchCommit {
        let entity = query.entity
        return try batchCommit(stamp: stamp, generationReserved: generationReserved) { db, commit in
            let (condition, conditionArguments) = query.rowCondition()
            let names = columns.map { SQL.quote(entity.columnNames[$0]) }
            var updates = AttributeUpdates(entity: entity)
            if columns.count == 1 {
                var group = AttributeUpdates.Group(columns: columns, values: values)
                let sql = "UPDATE \(SQL.table(entity)) AS t SET \(names[0]) = ?, Z_OPT = Z_OPT + 1 WHERE (\(condition)) AND t.\(names[0]) IS NOT ? RETURNING Z_PK, Z_OPT"
                try Self.collectUpdated(db: db, sql: sql, arguments: values + conditionArguments + values, into: &group)
                group.sortByKey()
                updates.groups = [group]
            } else {
                for group in try Self.changedColumns(db: db, entity: entity, condition: condition, arguments: conditionArguments, names: names, values: values) {
                    let changed = group.key.enumerated().filter(\.element).map(\.offset)
                    var updated = AttributeUpdates.Group(columns: changed.map { columns[$0] }, values: changed.map { values[$0] })
                    let assignments = changed.map { "\(names[$0]) = ?" }.joined(separator: ", ")
                    for chunk in KeyMembership.chunks(of: group.value) {
                        let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                        let sql = "UPDATE \(SQL.table(entity)) SET \(assignments), Z_OPT = Z_OPT + 1 WHERE Z_PK IN (\(placeholders)) RETURNING Z_PK, Z_OPT"
                        try Self.collectUpdated(db: db, sql: sql, arguments: updated.values + chunk.map(\.databaseValue), into: &updated)
                    }
                    updated.sortByKey()
                    updates.groups.append(updated)
                }
            }
            commit.attributeUpdates = updates
        }
    }

    /// Runs an `UPDATE … RETURNING Z_PK, Z_OPT` and adds the rows it changed to `group`.
    private static func collectUpdated(db: Database, sql: String, arguments: [DatabaseValue], into group: inout AttributeUpdates.Group) throws {
        let statement = try db.cachedStatement(sql: sql)
        try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
            group.keys.append(sqlite3_column_int64(sqlite, 0))
            group.versions.append(sqlite3_column_int64(sqlite, 1))
        }
    }

    /// The keys of the selected rows where some of the columns `names` differ from `values`,
    /// grouped by which of them differ (true where a column differs).
    private static func changedColumns(
        db: Database, entity: EntityDescription, condition: String, arguments: [DatabaseValue], names: [String], values: [DatabaseValue]
    ) throws -> [[Bool]: [Int64]] {
        let differs = names.map { "t.\($0) IS NOT ?" }
        let sql = "SELECT t.Z_PK, \(differs.joined(separator: ", ")) FROM \(SQL.table(entity)) AS t WHERE (\(condition)) AND (\(differs.joined(separator: " OR ")))"
        var groups: [[Bool]: [Int64]] = [:]
        try RawStatement.forEachRow(try db.cachedStatement(sql: sql), db: db, arguments: values + arguments + values) { sqlite in
            let flags = names.indices.map { sqlite3_column_int64(sqlite, Int32($0 + 1)) != 0 }
            groups[flags, default: []].append(sqlite3_column_int64(sqlite, 0))
        }
        return groups
    }
}
