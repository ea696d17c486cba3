import GRDB

extension SQLiteStore {
    /// Deletes the rows `query` selects and applies their entities' delete rules, as one commit
    /// (``batchCommit(stamp:generationReserved:_:)``). The plan's phases are in
    /// ``BatchDeletePlan``; a deny rule that still holds fails the whole delete with
    /// ``ObjectStoreError/validation(_:)`` and writes nothing. Returns the commit and how many of
    /// its deletes the query selected (they come first).
    func batchDelete(
        _ query: StoreQuery, stamp: HistoryStamp, generationReserved: (Int64) -> Void
    ) throws(ObjectStoreError) -> (commit: BatchCommit, requested: Int) {
        var requested = 0
        let commit = try batchCommit(stamp: stamp, generationReserved: generationReserved) { db, commit in
            requested = try BatchDeletePlan.run(query, model: self.model, entityBindings: self.entityBindings, rows: SQLiteBatchDeleteRows(db: db), into: &commit)
        }
        return (commit, requested)
    }
}
