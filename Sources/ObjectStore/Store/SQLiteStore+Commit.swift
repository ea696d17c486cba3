import GRDB
import GRDBSQLite

extension SQLiteStore {
    /// Writes a save in one transaction, checking every updated and deleted row against the
    /// version the context read (optimistic locking) and resolving conflicts with `policy`.
    ///
    /// Either everything is written, or nothing is and an error is thrown: a
    /// ``ObjectStoreError/saveConflict(_:)`` (policy `.error`), a uniqueness
    /// ``ObjectStoreError/validation(_:)``, or an I/O error.
    ///
    /// The transaction first raises the store generation (``StoreGeneration``) and tells
    /// `generationReserved`, before writing anything. With history tracking on, it ends by
    /// appending the commit's history transaction (``recordHistory(_:outcome:db:)``).
    func commit(_ batch: CommitBatch, policy: MergePolicy, generationReserved: (Int64) -> Void) throws(ObjectStoreError) -> CommitOutcome {
        do {
            return try writeTransaction { db in
                let generation = try StoreGeneration.advance(db)
                generationReserved(generation)
                let outcome = try CommitWriting.write(
                    batch, policy: policy, generation: generation, writer: SQLiteRowWriter(store: self, db: db), store: path, objectID: self.objectID)
                if self.tracksHistory { try self.recordHistory(batch, outcome: outcome, db: db) }
                return outcome
            }
        } catch {
            throw commitError(error)
        }
    }

    /// The error a commit's transaction threw, as the store reports it: a uniqueness violation as
    /// a validation failure, another database error mapped with the store's path.
    func commitError(_ error: any Error) -> ObjectStoreError {
        if let error = error as? ObjectStoreError { return error }
        if let failure = StoreErrors.uniqueness(from: error) { return .validation([failure]) }
        return StoreErrors.map(error, path: path, timeout: busyTimeout)
    }

    func insertRow(entity: EntityDescription, key: Int64, version: Int64, values: ContiguousArray<DatabaseValue>, db: Database) throws {
        let statement = try db.cachedStatement(sql: insertSQL[entity.index])
        try RawStatement.execute(statement, db: db) { sqlite in
            var code = sqlite3_bind_int64(sqlite, 1, key)
            if code == SQLITE_OK { code = sqlite3_bind_int64(sqlite, 2, version) }
            return code == SQLITE_OK ? RawStatement.bind(values, to: sqlite, from: 3) : code
        }
    }

    func objectID(_ entity: EntityDescription, _ key: Int64) -> ObjectID {
        ObjectID(binding: entityBindings[entity.index], key: key)
    }
}
