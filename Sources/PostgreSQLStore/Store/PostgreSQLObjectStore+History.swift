package import Foundation
import GRDB
package import ObjectStore

extension PostgreSQLObjectStore {
    /// The metadata key of the newest purged transaction, below which tokens have expired.
    static let purgedKey = "historyPurgedThrough"

    package func history(after token: HistoryToken?, limit: Int?, author: HistoryAuthorFilter) throws(ObjectStoreError) -> [HistoryTransaction] {
        if let token { try checkOwn(token) }
        return try read(mark: nil) { connection in
            if let token { try checkNotExpired(token, on: connection) }
            return try transactions(after: token?.generation ?? 0, through: nil, limit: limit, author: author, includesEmpty: false, on: connection)
        }
    }

    package func deleteHistory(before token: HistoryToken) throws(ObjectStoreError) {
        try checkOwn(token)
        try write { connection in
            let newest = try connection.query("SELECT max(z_pk) FROM z_history_transaction WHERE z_pk < \(token.generation)").first?.decode(Int64?.self)
            guard let newest else { return }
            try connection.query("DELETE FROM z_history_transaction WHERE z_pk < \(token.generation)")
            try Self.notePurged(through: newest, on: connection)
        }
    }

    package func currentHistoryToken() throws(ObjectStoreError) -> HistoryToken? {
        try read(mark: nil) { connection in
            let newest = try connection.query("SELECT max(z_pk) FROM z_history_transaction").first?.decode(Int64?.self) ?? 0
            let generation = max(newest, try purgedThrough(on: connection))
            return generation > 0 ? HistoryToken(storeIdentifier: identifier, generation: generation) : nil
        }
    }

    package func checkOwn(_ token: HistoryToken) throws(ObjectStoreError) {
        guard token.storeIdentifier == identifier else {
            throw .historyTokenOfAnotherStore(token, storeIdentifier: identifier)
        }
    }

    /// Reads, in one snapshot, the commits after generation `after` (through `last`, or the
    /// newest) and the rows of the objects they updated in a column. A generation without a
    /// history transaction (committed while tracking was off, or purged) is a gap.
    package func remoteCommits(after: Int64, through last: Int64?) throws(ObjectStoreError) -> RemoteCommits {
        try read(mark: nil) { connection in
            let through = try last ?? Self.generation(on: connection)
            guard through > after else { return RemoteCommits(through: after, transactions: [], hasGap: false, rows: [:]) }
            let transactions = try transactions(after: after, through: through, limit: nil, author: .any, includesEmpty: true, on: connection)
            var rows: [ObjectID: StoreRow] = [:]
            for (index, entityKeys) in RemoteCommits.keysUpdatedInColumns(by: transactions) {
                let entity = model.entities[index]
                for chunk in Self.chunks(of: entityKeys.sorted()) {
                    let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                    for row in try PostgreSQLQueryText.rows(of: entity, where: "t.Z_PK IN (\(placeholders))", chunk.map(\.databaseValue), on: connection) {
                        rows[objectID(entity, row.key)] = row
                    }
                }
            }
            return RemoteCommits(through: through, transactions: transactions, hasGap: Int64(transactions.count) != through - after, rows: rows)
        }
    }

    package func watchCommits(idleInterval: Double, follow: @escaping @Sendable (Int64?) -> Bool?) -> (any CommitWatch)? {
        PostgreSQLCommitWatcher(settings: pool.settings, channel: notificationChannel, idleInterval: idleInterval, follow: follow)
    }

    package func cursor(of name: String) throws(ObjectStoreError) -> Int64? {
        try run { try pool.query("SELECT z_cursor FROM z_history_consumer WHERE z_name = \(name)").first?.decode(Int64.self) }
    }

    package func setCursor(of name: String, to generation: Int64) throws(ObjectStoreError) {
        try write { connection in
            try connection.query("""
                INSERT INTO z_history_consumer (z_name, z_cursor, z_seen) VALUES (\(name), \(generation), \(Date().timeIntervalSince1970))
                ON CONFLICT (z_name) DO UPDATE SET z_cursor = excluded.z_cursor, z_seen = excluded.z_seen
                """)
        }
    }

    package func removeConsumer(_ name: String) throws(ObjectStoreError) {
        try write { connection in try connection.query("DELETE FROM z_history_consumer WHERE z_name = \(name)") }
    }

    package func purgeHistory(now: Date) throws(ObjectStoreError) -> Int {
        let cutoff = now.timeIntervalSince1970 - historyRetention
        return try write { connection in
            let slowest = try connection.query("SELECT min(z_cursor) FROM z_history_consumer WHERE z_seen >= \(cutoff)").first?.decode(Int64?.self)
            let horizon = slowest ?? Int64.max
            let newest = try connection.query("""
                SELECT max(z_pk) FROM z_history_transaction WHERE z_pk <= \(horizon) AND z_timestamp < \(cutoff)
                """).first?.decode(Int64?.self)
            guard let newest else { return 0 }
            let removed = try connection.changedRows("DELETE FROM z_history_transaction WHERE z_pk <= \(newest)")
            try Self.notePurged(through: newest, on: connection)
            return removed
        }
    }

    private static func notePurged(through generation: Int64, on connection: PostgreSQLConnection) throws {
        try connection.query("""
            INSERT INTO z_metadata (z_key, z_value) VALUES (\(purgedKey), \(String(generation)))
            ON CONFLICT (z_key) DO UPDATE SET z_value = greatest(z_metadata.z_value::bigint, excluded.z_value::bigint)::text
            """)
    }

    private func purgedThrough(on connection: PostgreSQLConnection) throws -> Int64 {
        let value = try connection.query("SELECT z_value FROM z_metadata WHERE z_key = \(Self.purgedKey)").first?.decode(String.self)
        return value.flatMap { Int64($0) } ?? 0
    }

    /// Throws ``ObjectStore/ObjectStoreError/historyExpired(token:oldest:)`` when transactions
    /// after `token` were purged.
    private func checkNotExpired(_ token: HistoryToken, on connection: PostgreSQLConnection) throws {
        guard token.generation < (try purgedThrough(on: connection)) else { return }
        let oldest = try connection.query("SELECT min(z_pk) FROM z_history_transaction").first?.decode(Int64?.self)
        throw ObjectStoreError.historyExpired(token: token, oldest: oldest.map { HistoryToken(storeIdentifier: identifier, generation: $0) })
    }

    /// The transactions after `generation` (through `last`, when given), oldest first, at most
    /// `limit`, of the authors `author` selects; those without changes only when
    /// `includesEmpty`.
    private func transactions(
        after generation: Int64, through last: Int64?, limit: Int?, author: HistoryAuthorFilter, includesEmpty: Bool, on connection: PostgreSQLConnection
    ) throws -> [HistoryTransaction] {
        var text = "SELECT z_pk, z_timestamp, z_author, z_contextname, z_processid, z_changes FROM z_history_transaction WHERE z_pk > ?"
        var arguments: [DatabaseValue] = [generation.databaseValue]
        if !includesEmpty {
            text += " AND z_changes <> ?"
            arguments.append(Data(HistoryChangeCoding.empty).databaseValue)
        }
        if let last {
            text += " AND z_pk <= ?"
            arguments.append(last.databaseValue)
        }
        switch author {
        case .any: break
        case .only(let name): text += " AND z_author = ?"; arguments.append(name.databaseValue)
        case .excluding(let name): text += " AND z_author IS DISTINCT FROM ?"; arguments.append(name.databaseValue)
        }
        text += " ORDER BY z_pk"
        if let limit { text += " LIMIT \(max(limit, 0))" }
        return try connection.query(PostgreSQLValues.query(text, arguments)).map { row in
            let values = try PostgreSQLValues.values(of: row)
            let generation = Int64.fromDatabaseValue(values[0]) ?? 0
            let bytes = Data.fromDatabaseValue(values[5]).map(Array.init) ?? []
            guard let changes = HistoryChangeCoding.decode(bytes, objectID: { name, key in model.entity(named: name).map { objectID($0, key) } }) else {
                throw ObjectStoreError.storeFailure(path: name, reason: "the changes of history transaction \(generation) cannot be read")
            }
            return HistoryTransaction(
                token: HistoryToken(storeIdentifier: identifier, generation: generation),
                timestamp: Date(timeIntervalSince1970: Double.fromDatabaseValue(values[1]) ?? 0),
                author: String.fromDatabaseValue(values[2]),
                contextName: String.fromDatabaseValue(values[3]),
                processIdentifier: Int32(truncatingIfNeeded: Int64.fromDatabaseValue(values[4]) ?? 0),
                changes: changes)
        }
    }
}
