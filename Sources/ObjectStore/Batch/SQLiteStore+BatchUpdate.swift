import GRDB
import GRDBSQLite

extension SQLiteStore {
    /// Sets `columns` to `values` in the rows `query` selects whose values differ, as one commit
    /// (``batchCommit(stamp:generationReserved:_:)``); rows whose values already were the new
    /// ones are not written, as a save of the same objects would not write them. Reads no row's
    /// values: the keys and versions of the rows that differ (and, with several columns, which of
    /// the columns differ) are selected first, then one `UPDATE` with the same condition writes
    /// them when they all differ in every column (always so with one column), else the rows that
    /// differ in the same columns are written together, by key. (SQLite's
    /// `UPDATE … RETURNING` keeps every returned row in a table of its own before returning the
    /// first: for 100,000 rows it costs more than the update.)
    func batchUpdate(
        _ query: StoreQuery, columns: [Int], values: [DatabaseValue], stamp: HistoryStamp, generationReserved: (Int64) -> Void
    ) throws(ObjectStoreError) -> BatchCommit {
        let entity = query.entity
        return try batchCommit(stamp: stamp, generationReserved: generationReserved) { db, commit in
            let (condition, conditionArguments) = query.rowCondition()
            let names = columns.map { SQL.quote(entity.columnNames[$0]) }
            let differs = names.map { "t.\($0) IS NOT ?" }
            let selected = "FROM \(SQL.table(entity)) AS t WHERE (\(condition)) AND (\(differs.joined(separator: " OR ")))"
            let selectedArguments = conditionArguments + values
            var updates = AttributeUpdates(entity: entity)
            let groups = try Self.changedRows(db: db, from: selected, arguments: selectedArguments, differs: differs, values: values, columns: columns)
            for var group in groups {
                let assignments = group.columns.map { "\(SQL.quote(entity.columnNames[$0])) = ?" }.joined(separator: ", ")
                if groups.count == 1 && group.columns.count == columns.count {
                    let sql = "UPDATE \(SQL.table(entity)) AS t SET \(assignments), Z_OPT = Z_OPT + 1 WHERE (\(condition)) AND (\(differs.joined(separator: " OR ")))"
                    try Self.update(db: db, entity: entity, sql: sql, arguments: group.values + selectedArguments, expected: group.keys.count)
                } else {
                    for chunk in KeyMembership.chunks(of: group.keys) {
                        let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                        let sql = "UPDATE \(SQL.table(entity)) SET \(assignments), Z_OPT = Z_OPT + 1 WHERE Z_PK IN (\(placeholders))"
                        try Self.update(db: db, entity: entity, sql: sql, arguments: group.values + chunk.map(\.databaseValue), expected: chunk.count)
                    }
                }
                group.sortByKey()
                updates.groups.append(group)
            }
            commit.attributeUpdates = updates
        }
    }

    /// Runs an `UPDATE` that must change `expected` rows: the rows a select of the same
    /// transaction found.
    private static func update(db: Database, entity: EntityDescription, sql: String, arguments: [DatabaseValue], expected: Int) throws {
        let changed = try RawStatement.execute(try db.cachedStatement(sql: sql), db: db) { sqlite in
            RawStatement.bind(arguments, to: sqlite, from: 1)
        }
        guard changed == expected else {
            throw ObjectStoreError.invalidBatchRequest(
                entity: entity.name,
                reason: "the update changed \(changed) rows where \(expected) were selected: its condition gave different rows twice in one transaction; use a condition on stored values only")
        }
    }

    /// The keys and versions after the update of the rows `from` selects, grouped by which of
    /// `columns` differ from `values` in them (`differs` tests each).
    private static func changedRows(
        db: Database, from: String, arguments: [DatabaseValue], differs: [String], values: [DatabaseValue], columns: [Int]
    ) throws -> [AttributeUpdates.Group] {
        let flags = differs.count == 1 ? "" : ", " + differs.joined(separator: ", ")
        let sql = "SELECT t.Z_PK, t.Z_OPT\(flags) \(from)"
        var groups: [[Bool]: AttributeUpdates.Group] = [:]
        let all = [Bool](repeating: true, count: columns.count)
        try RawStatement.forEachRow(try db.cachedStatement(sql: sql), db: db, arguments: (differs.count == 1 ? [] : values) + arguments) { sqlite in
            let changed = differs.count == 1 ? all : columns.indices.map { sqlite3_column_int64(sqlite, Int32($0 + 2)) != 0 }
            groups[changed, default: AttributeUpdates.Group(
                columns: changed.indices.filter { changed[$0] }.map { columns[$0] },
                values: changed.indices.filter { changed[$0] }.map { values[$0] })
            ].append(key: sqlite3_column_int64(sqlite, 0), version: sqlite3_column_int64(sqlite, 1) + 1)
        }
        return groups.sorted { $0.key.lexicographicallyPrecedes($1.key) { !$0 && $1 } }.map(\.value)
    }
}
