import Foundation
import GRDB
import GRDBSQLite

extension SQLiteStore {
    /// Appends the commit's history transaction, inside the commit's own transaction, with a
    /// cached statement: one row, its changes encoded in one value (``HistoryChangeCoding``).
    ///
    /// A commit that changed nothing records a transaction without changes, which
    /// ``history(after:limit:author:)`` leaves out: other containers that follow the store
    /// (``ContainerCore/ingestRemoteCommits(through:)``) must find a transaction for every
    /// generation, since a generation without one means commits they cannot read.
    func recordHistory(_ batch: CommitBatch, outcome: CommitOutcome, db: Database) throws {
        let changes = try HistoryChangeCoding.encode(batch, outcome: outcome, entityBindings: entityBindings)
        try appendHistoryTransaction(changes, generation: outcome.generation, stamp: batch.stamp, db: db)
    }

    /// Appends one history transaction of encoded `changes` for the commit of `generation`,
    /// inside the commit's open transaction.
    func appendHistoryTransaction(_ changes: [UInt8], generation: Int64, stamp: HistoryStamp, db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO \(HistorySchema.transactionTable) (Z_PK, Z_TIMESTAMP, Z_AUTHOR, Z_CONTEXTNAME, Z_PROCESSID, Z_CHANGES) \
            VALUES (?, ?, ?, ?, ?, ?)
            """)
        try RawStatement.execute(statement, db: db) { sqlite in
            var code = sqlite3_bind_int64(sqlite, 1, generation)
            if code == SQLITE_OK { code = sqlite3_bind_double(sqlite, 2, Date().timeIntervalSince1970) }
            if code == SQLITE_OK { code = (stamp.author?.databaseValue ?? .null).bindExactly(to: sqlite, at: 3) }
            if code == SQLITE_OK { code = (stamp.contextName?.databaseValue ?? .null).bindExactly(to: sqlite, at: 4) }
            if code == SQLITE_OK { code = sqlite3_bind_int64(sqlite, 5, Int64(HistoryStamp.processIdentifier)) }
            guard code == SQLITE_OK else { return code }
            // SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
            return changes.withUnsafeBytes { buffer in
                sqlite3_bind_blob(sqlite, 6, buffer.baseAddress, Int32(buffer.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
        }
    }
}
