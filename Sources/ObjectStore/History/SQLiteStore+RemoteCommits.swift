import GRDB

extension SQLiteStore {
    /// Reads, in one transaction, the commits after generation `after` (through `last`, or
    /// through the newest commit for nil) and the rows of the objects they updated.
    func remoteCommits(after: Int64, through last: Int64?) throws(ObjectStoreError) -> RemoteCommits {
        try read { db in
            let through = try last ?? StoreGeneration.current(db)
            guard through > after else { return RemoteCommits(through: after, transactions: [], hasGap: false, rows: [:]) }
            let transactions = try self.transactions(after: after, through: through, limit: nil, author: .any, includesEmpty: true, db: db)
            let rows = try self.updatedRows(of: transactions, db: db)
            return RemoteCommits(
                through: through, transactions: transactions, hasGap: Int64(transactions.count) != through - after, rows: rows)
        }
    }

    /// The rows of the objects `transactions` updated in a column (not only in a to-many
    /// relationship), read in the open transaction.
    private func updatedRows(of transactions: [HistoryTransaction], db: Database) throws -> [ObjectID: StoreRow] {
        var rows: [ObjectID: StoreRow] = [:]
        for (index, entityKeys) in RemoteCommits.keysUpdatedInColumns(by: transactions) {
            let entity = model.entities[index]
            for chunk in KeyMembership.chunks(of: Array(entityKeys)) {
                try Self.forEachRow(KeyMembership.query(entity: entity, keys: chunk), db: db) { row in
                    rows[objectID(entity, row.key)] = row
                }
            }
        }
        return rows
    }
}
