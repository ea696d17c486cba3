import Foundation
import GRDB

extension SQLiteStore {
    /// The generation a consumer has processed through, or nil for a consumer the store does not
    /// know.
    func cursor(of name: String) throws(ObjectStoreError) -> Int64? {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT Z_CURSOR FROM \(HistorySchema.consumerTable) WHERE Z_NAME = ?", arguments: [name])
        }
    }

    /// Records that the consumer `name` has processed the history through `generation` (never
    /// moving it back) and is alive now.
    func setCursor(of name: String, to generation: Int64) throws(ObjectStoreError) {
        try writeHistory { db in
            try db.execute(sql: """
                INSERT INTO \(HistorySchema.consumerTable) (Z_NAME, Z_CURSOR, Z_SEEN) VALUES (?, ?, ?) \
                ON CONFLICT(Z_NAME) DO UPDATE SET Z_CURSOR = MAX(Z_CURSOR, excluded.Z_CURSOR), Z_SEEN = excluded.Z_SEEN
                """, arguments: [name, generation, Date().timeIntervalSince1970])
        }
    }

    /// Forgets a consumer: it no longer holds the history back.
    func removeConsumer(_ name: String) throws(ObjectStoreError) {
        try writeHistory { db in
            try db.execute(sql: "DELETE FROM \(HistorySchema.consumerTable) WHERE Z_NAME = ?", arguments: [name])
        }
    }

    /// Purges the transactions that every live consumer (one seen within the retention) has
    /// processed and that are older than the retention, as one prefix of the history; returns
    /// how many were removed.
    @discardableResult
    func purgeHistory(now: Date = Date()) throws(ObjectStoreError) -> Int {
        let cutoff = now.timeIntervalSince1970 - historyRetention
        return try writeHistory { db -> Int in
            let slowest = try Int64.fetchOne(
                db, sql: "SELECT MIN(Z_CURSOR) FROM \(HistorySchema.consumerTable) WHERE Z_SEEN >= ?", arguments: [cutoff])
            let horizon = slowest ?? Int64.max
            guard let newest = try Int64.fetchOne(db, sql: """
                SELECT MAX(Z_PK) FROM \(HistorySchema.transactionTable) WHERE Z_PK <= ? AND Z_TIMESTAMP < ?
                """, arguments: [horizon, cutoff]) else { return 0 }
            try db.execute(sql: "DELETE FROM \(HistorySchema.transactionTable) WHERE Z_PK <= ?", arguments: [newest])
            let removed = db.changesCount
            try Self.notePurged(through: newest, db: db)
            return removed
        }
    }

    /// Records that the history through `generation` was purged: tokens below it have expired.
    static func notePurged(through generation: Int64, db: Database) throws {
        try db.execute(sql: """
            INSERT INTO Z_METADATA (Z_KEY, Z_VALUE) VALUES (?, ?) \
            ON CONFLICT(Z_KEY) DO UPDATE SET Z_VALUE = MAX(Z_VALUE, excluded.Z_VALUE)
            """, arguments: [HistorySchema.purgedKey, generation])
    }

    /// Runs `body` in a write transaction, mapping its errors.
    func writeHistory<T>(_ body: (Database) throws -> T) throws(ObjectStoreError) -> T {
        do {
            return try writeTransaction(body)
        } catch let error as ObjectStoreError {
            throw error
        } catch {
            throw StoreErrors.map(error, path: path, timeout: busyTimeout)
        }
    }
}
