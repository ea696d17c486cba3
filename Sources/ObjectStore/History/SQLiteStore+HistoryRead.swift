import Foundation
import GRDB
import GRDBSQLite

extension SQLiteStore {
    /// The tracked commits after `token` (all kept ones for nil), oldest first, at most `limit`,
    /// of the authors `author` selects; read in one transaction.
    func history(after token: HistoryToken?, limit: Int?, author: HistoryAuthorFilter) throws(ObjectStoreError) -> [HistoryTransaction] {
        if let token { try checkOwn(token) }
        return try read { db in
            if let token { try self.checkNotExpired(token, db: db) }
            return try self.transactions(after: token?.generation ?? 0, limit: limit, author: author, db: db)
        }
    }

    /// Removes the transactions before `token` (not its own); records the
    /// newest removed one, below which tokens have expired.
    func deleteHistory(before token: HistoryToken) throws(ObjectStoreError) {
        try checkOwn(token)
        try writeHistory { db in
            let newest = try Int64.fetchOne(
                db, sql: "SELECT MAX(Z_PK) FROM \(HistorySchema.transactionTable) WHERE Z_PK < ?", arguments: [token.generation])
            guard let newest else { return }
            try db.execute(sql: "DELETE FROM \(HistorySchema.transactionTable) WHERE Z_PK < ?", arguments: [token.generation])
            try Self.notePurged(through: newest, db: db)
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

    func checkOwn(_ token: HistoryToken) throws(ObjectStoreError) {
        guard token.storeIdentifier == identifier else {
            throw .historyTokenOfAnotherStore(token, storeIdentifier: identifier)
        }
    }

    private func purgedThrough(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT Z_VALUE FROM Z_METADATA WHERE Z_KEY = ?", arguments: [HistorySchema.purgedKey]) ?? 0
    }

    /// Throws ``ObjectStoreError/historyExpired(token:oldest:)`` when transactions after `token`
    /// were purged.
    func checkNotExpired(_ token: HistoryToken, db: Database) throws {
        guard token.generation < (try purgedThrough(db)) else { return }
        let oldest = try Int64.fetchOne(db, sql: "SELECT MIN(Z_PK) FROM \(HistorySchema.transactionTable)")
        throw ObjectStoreError.historyExpired(token: token, oldest: oldest.map { HistoryToken(storeIdentifier: identifier, generation: $0) })
    }

    /// The transactions after `generation` (through `last`, when given), oldest first; those
    /// without changes only when `includesEmpty`.
    func transactions(
        after generation: Int64, through last: Int64? = nil, limit: Int?, author: HistoryAuthorFilter, includesEmpty: Bool = false, db: Database
    ) throws -> [HistoryTransaction] {
        var arguments: [DatabaseValue] = [generation.databaseValue]
        var filter = includesEmpty ? "" : " AND Z_CHANGES <> \(HistoryChangeCoding.emptySQL)"
        if let last { filter += " AND Z_PK <= ?"; arguments.append(last.databaseValue) }
        switch author {
        case .any: break
        case .only(let name): filter = " AND Z_AUTHOR = ?"; arguments.append(name.databaseValue)
        case .excluding(let name): filter = " AND Z_AUTHOR IS NOT ?"; arguments.append(name.databaseValue)
        }
        arguments.append(Int64(limit.map { max($0, 0) } ?? -1).databaseValue)
        let statement = try db.cachedStatement(sql: """
            SELECT Z_PK, Z_TIMESTAMP, Z_AUTHOR, Z_CONTEXTNAME, Z_PROCESSID, Z_CHANGES FROM \(HistorySchema.transactionTable) \
            WHERE Z_PK > ?\(filter) ORDER BY Z_PK LIMIT ?
            """)
        var result: [HistoryTransaction] = []
        try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
            let generation = sqlite3_column_int64(sqlite, 0)
            let bytes = sqlite3_column_blob(sqlite, 5).map { pointer in
                Array(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(sqlite, 5))))
            } ?? []
            guard let changes = HistoryChangeCoding.decode(bytes, objectID: objectID(entityNamed:key:)) else {
                throw ObjectStoreError.storeFailure(path: path, reason: "the changes of history transaction \(generation) cannot be read")
            }
            result.append(HistoryTransaction(
                token: HistoryToken(storeIdentifier: identifier, generation: generation),
                timestamp: Date(timeIntervalSince1970: sqlite3_column_double(sqlite, 1)),
                author: String.fromDatabaseValue(DatabaseValue(exactColumnOf: sqlite, at: 2)),
                contextName: String.fromDatabaseValue(DatabaseValue(exactColumnOf: sqlite, at: 3)),
                processIdentifier: Int32(truncatingIfNeeded: sqlite3_column_int64(sqlite, 4)),
                changes: changes))
        }
        return result
    }

    /// The ID of the object `key` of the entity named `name`; nil when the model no longer has
    /// the entity.
    private func objectID(entityNamed name: String, key: Int64) -> ObjectID? {
        model.entity(named: name).map { objectID($0, key) }
    }
}
