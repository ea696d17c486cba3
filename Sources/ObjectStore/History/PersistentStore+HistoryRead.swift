import Foundation
import GRDB
import GRDBSQLite

extension PersistentStore {
    /// The tracked commits after `token` (all kept ones for nil), oldest first, at most `limit`,
    /// of the authors `author` selects; read in one transaction.
    func history(after token: HistoryToken?, limit: Int?, author: HistoryAuthorFilter) throws(ObjectStoreError) -> [HistoryTransaction] {
        if let token { try checkOwn(token) }
        return try read { db in
            if let token { try self.checkNotExpired(token, db: db) }
            var transactions = try self.transactions(after: token?.generation ?? 0, limit: limit, author: author, db: db)
            let changes = try db.cachedStatement(sql: """
                SELECT Z_ENTITY, Z_KEY, Z_TYPE, Z_PROPERTIES, Z_TOMBSTONE FROM \(HistorySchema.changeTable) \
                WHERE Z_TRANSACTION = ? ORDER BY Z_INDEX
                """)
            for index in transactions.indices {
                transactions[index].changes = try self.changes(changes, generation: transactions[index].token.generation, db: db)
            }
            return transactions.map(\.transaction)
        }
    }

    /// Removes the transactions before `token` (not its own) and their changes; records the
    /// newest removed one, below which tokens have expired.
    func deleteHistory(before token: HistoryToken) throws(ObjectStoreError) {
        try checkOwn(token)
        do {
            try writer.write { db in
                let newest = try Int64.fetchOne(
                    db, sql: "SELECT MAX(Z_PK) FROM \(HistorySchema.transactionTable) WHERE Z_PK < ?", arguments: [token.generation])
                guard let newest else { return }
                try db.execute(sql: "DELETE FROM \(HistorySchema.changeTable) WHERE Z_TRANSACTION < ?", arguments: [token.generation])
                try db.execute(sql: "DELETE FROM \(HistorySchema.transactionTable) WHERE Z_PK < ?", arguments: [token.generation])
                try db.execute(sql: """
                    INSERT INTO Z_METADATA (Z_KEY, Z_VALUE) VALUES (?, ?) \
                    ON CONFLICT(Z_KEY) DO UPDATE SET Z_VALUE = MAX(Z_VALUE, excluded.Z_VALUE)
                    """, arguments: [HistorySchema.purgedKey, newest])
            }
        } catch {
            throw StoreErrors.map(error, path: path, timeout: busyTimeout)
        }
    }

    /// The token of the newest tracked commit (also when purged), or nil when there was none.
    func currentHistoryToken() throws(ObjectStoreError) -> HistoryToken? {
        try read { db in
            let newest = try Int64.fetchOne(db, sql: "SELECT MAX(Z_PK) FROM \(HistorySchema.transactionTable)") ?? 0
            let generation = max(newest, try self.purgedThrough(db))
            return generation > 0 ? HistoryToken(storeIdentifier: self.identifier, generation: generation) : nil
        }
    }

    private func checkOwn(_ token: HistoryToken) throws(ObjectStoreError) {
        guard token.storeIdentifier == identifier else {
            throw .historyTokenOfAnotherStore(token, storeIdentifier: identifier)
        }
    }

    private func purgedThrough(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT Z_VALUE FROM Z_METADATA WHERE Z_KEY = ?", arguments: [HistorySchema.purgedKey]) ?? 0
    }

    /// Throws ``ObjectStoreError/historyExpired(token:oldest:)`` when transactions after `token`
    /// were purged.
    private func checkNotExpired(_ token: HistoryToken, db: Database) throws {
        guard token.generation < (try purgedThrough(db)) else { return }
        let oldest = try Int64.fetchOne(db, sql: "SELECT MIN(Z_PK) FROM \(HistorySchema.transactionTable)")
        throw ObjectStoreError.historyExpired(token: token, oldest: oldest.map { HistoryToken(storeIdentifier: identifier, generation: $0) })
    }

    /// A transaction read without its changes yet.
    private struct PartialTransaction {
        var token: HistoryToken
        var timestamp: Date
        var author: String?
        var contextName: String?
        var processIdentifier: Int32
        var changes: [HistoryChange] = []

        var transaction: HistoryTransaction {
            HistoryTransaction(token: token, timestamp: timestamp, author: author, contextName: contextName,
                               processIdentifier: processIdentifier, changes: changes)
        }
    }

    private func transactions(after generation: Int64, limit: Int?, author: HistoryAuthorFilter, db: Database) throws -> [PartialTransaction] {
        var arguments: [DatabaseValue] = [generation.databaseValue]
        var filter = ""
        switch author {
        case .any: break
        case .only(let name): filter = " AND Z_AUTHOR = ?"; arguments.append(name.databaseValue)
        case .excluding(let name): filter = " AND Z_AUTHOR IS NOT ?"; arguments.append(name.databaseValue)
        }
        arguments.append(Int64(limit.map { max($0, 0) } ?? -1).databaseValue)
        let statement = try db.cachedStatement(sql: """
            SELECT Z_PK, Z_TIMESTAMP, Z_AUTHOR, Z_CONTEXTNAME, Z_PROCESSID FROM \(HistorySchema.transactionTable) \
            WHERE Z_PK > ?\(filter) ORDER BY Z_PK LIMIT ?
            """)
        var result: [PartialTransaction] = []
        try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
            result.append(PartialTransaction(
                token: HistoryToken(storeIdentifier: identifier, generation: sqlite3_column_int64(sqlite, 0)),
                timestamp: Date(timeIntervalSince1970: sqlite3_column_double(sqlite, 1)),
                author: String.fromDatabaseValue(DatabaseValue(exactColumnOf: sqlite, at: 2)),
                contextName: String.fromDatabaseValue(DatabaseValue(exactColumnOf: sqlite, at: 3)),
                processIdentifier: Int32(truncatingIfNeeded: sqlite3_column_int64(sqlite, 4))))
        }
        return result
    }

    /// The changes of one transaction; those of entities the model no longer has are left out.
    private func changes(_ statement: Statement, generation: Int64, db: Database) throws -> [HistoryChange] {
        var changes: [HistoryChange] = []
        try RawStatement.forEachRow(statement, db: db, arguments: [generation.databaseValue]) { sqlite in
            guard let name = String.fromDatabaseValue(DatabaseValue(exactColumnOf: sqlite, at: 0)),
                  let entity = model.entity(named: name),
                  let type = HistoryChangeType(rawValue: Int(sqlite3_column_int64(sqlite, 2))) else { return }
            let properties = String.fromDatabaseValue(DatabaseValue(exactColumnOf: sqlite, at: 3))
            var tombstone: [String: StoredValue]?
            if type == .delete {
                tombstone = Data.fromDatabaseValue(DatabaseValue(exactColumnOf: sqlite, at: 4)).flatMap(HistoryTombstone.decode) ?? [:]
            }
            changes.append(HistoryChange(
                changedObjectID: objectID(entity, sqlite3_column_int64(sqlite, 1)),
                changeType: type,
                updatedProperties: properties.map { Set($0.split(separator: ",").map(String.init)) } ?? [],
                tombstone: tombstone))
        }
        return changes
    }
}
