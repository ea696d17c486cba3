import Foundation
import GRDB
import GRDBSQLite

extension PersistentStore {
    /// Appends the commit's history transaction, inside the commit's own transaction, with
    /// cached statements: one row for the transaction and one per changed object. A commit that
    /// changed nothing records nothing.
    func recordHistory(_ batch: CommitBatch, outcome: CommitOutcome, db: Database) throws {
        var recorder = HistoryRecorder(entityBindings: entityBindings)
        recorder.record(batch, outcome: outcome)
        let rows = try recorder.rows()
        guard !rows.isEmpty else { return }
        let transaction = try db.cachedStatement(sql: """
            INSERT INTO \(HistorySchema.transactionTable) (Z_PK, Z_TIMESTAMP, Z_AUTHOR, Z_CONTEXTNAME, Z_PROCESSID) \
            VALUES (?, ?, ?, ?, ?)
            """)
        let stamp = batch.stamp
        try RawStatement.execute(transaction, db: db) { sqlite in
            var code = sqlite3_bind_int64(sqlite, 1, outcome.generation)
            if code == SQLITE_OK { code = sqlite3_bind_double(sqlite, 2, Date().timeIntervalSince1970) }
            if code == SQLITE_OK { code = (stamp.author?.databaseValue ?? .null).bindExactly(to: sqlite, at: 3) }
            if code == SQLITE_OK { code = (stamp.contextName?.databaseValue ?? .null).bindExactly(to: sqlite, at: 4) }
            return code == SQLITE_OK ? sqlite3_bind_int64(sqlite, 5, Int64(HistoryStamp.processIdentifier)) : code
        }
        let change = try db.cachedStatement(sql: """
            INSERT INTO \(HistorySchema.changeTable) (Z_TRANSACTION, Z_INDEX, Z_ENTITY, Z_KEY, Z_TYPE, Z_PROPERTIES, Z_TOMBSTONE) \
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for (index, row) in rows.enumerated() {
            try RawStatement.execute(change, db: db) { sqlite in
                var code = sqlite3_bind_int64(sqlite, 1, outcome.generation)
                if code == SQLITE_OK { code = sqlite3_bind_int64(sqlite, 2, Int64(index)) }
                if code == SQLITE_OK { code = row.entity.name.databaseValue.bindExactly(to: sqlite, at: 3) }
                if code == SQLITE_OK { code = sqlite3_bind_int64(sqlite, 4, row.key) }
                if code == SQLITE_OK { code = sqlite3_bind_int64(sqlite, 5, Int64(row.type.rawValue)) }
                let properties = row.properties.isEmpty ? DatabaseValue.null : row.properties.joined(separator: ",").databaseValue
                if code == SQLITE_OK { code = properties.bindExactly(to: sqlite, at: 6) }
                if code == SQLITE_OK { code = (row.tombstone?.databaseValue ?? .null).bindExactly(to: sqlite, at: 7) }
                return code
            }
        }
    }
}
