/// Commits another container made, read from the history for the contexts of this one to merge.
package struct RemoteCommits {
    /// The store generation the read went through: every commit up to it is accounted for.
    package var through: Int64
    /// The history transactions of the commits read, oldest first (those without changes
    /// included).
    package var transactions: [HistoryTransaction]
    /// Whether a commit of the range has no transaction (it was not tracked, or its transaction
    /// was purged): what it changed cannot be known, and followers must resync.
    package var hasGap: Bool
    /// The rows, as the read found them, of the objects the transactions updated in their
    /// columns (missing when deleted since).
    package var rows: [ObjectID: StoreRow]

    package init(through: Int64, transactions: [HistoryTransaction], hasGap: Bool, rows: [ObjectID: StoreRow]) {
        self.through = through
        self.transactions = transactions
        self.hasGap = hasGap
        self.rows = rows
    }

    /// The keys, per entity index, of the objects `transactions` updated in a column (not only
    /// in a to-many relationship): the rows a follower reads with them.
    package static func keysUpdatedInColumns(by transactions: [HistoryTransaction]) -> [Int: Set<Int64>] {
        var keys: [Int: Set<Int64>] = [:]
        for change in transactions.lazy.flatMap(\.changes) where change.changeType == .update {
            let entity = change.changedObjectID.entity
            if change.updatedProperties.contains(where: { entity.column(named: $0) != nil }) {
                keys[entity.index, default: []].insert(change.changedObjectID.key)
            }
        }
        return keys
    }
}
