import GRDB

extension SQLiteStore {
    /// Runs a batch operation as one commit: in one write transaction that first raises the store
    /// generation (told to `generationReserved` before anything is written), `body` writes its
    /// rows and lists them in the commit; with history tracking on, the commit's history
    /// transaction is appended last. Errors come out as a save's do (``commitError(_:)``), and
    /// nothing is written when one is thrown.
    func batchCommit(
        stamp: HistoryStamp, generationReserved: (Int64) -> Void, _ body: (Database, inout BatchCommit) throws -> Void
    ) throws(ObjectStoreError) -> BatchCommit {
        do {
            return try writeTransaction { db in
                var commit = BatchCommit()
                commit.batch.stamp = stamp
                commit.outcome.generation = try StoreGeneration.advance(db)
                generationReserved(commit.outcome.generation)
                try body(db, &commit)
                try commit.refreshDerivedValues(writer: SQLiteRowWriter(store: self, db: db))
                if self.tracksHistory {
                    let changes = try commit.historyChanges(entityBindings: self.entityBindings)
                    try self.appendHistoryTransaction(changes, generation: commit.outcome.generation, stamp: stamp, db: db)
                }
                return commit
            }
        } catch {
            throw commitError(error)
        }
    }
}
