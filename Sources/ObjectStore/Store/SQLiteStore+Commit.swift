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
            return try writer.write { db in
                var outcome = CommitOutcome()
                outcome.generation = try StoreGeneration.advance(db)
                generationReserved(outcome.generation)
                var conflicts: [SaveConflict] = []
                for delete in batch.deletes {
                    outcome.deletes.append(try self.apply(delete, db: db, policy: policy, conflicts: &conflicts))
                }
                try self.releaseUniqueValues(of: batch.updates, db: db)
                for update in batch.updates {
                    outcome.updates.append(try self.apply(update, db: db, policy: policy, generation: outcome.generation, conflicts: &conflicts))
                }
                if !conflicts.isEmpty { throw ObjectStoreError.saveConflict(conflicts) }
                for insert in batch.inserts {
                    try self.insertRow(entity: insert.entity, key: insert.key, version: 1, values: insert.values, db: db)
                }
                // A delete the policy kept keeps its row's links, including those its delete
                // rules meant to remove.
                var kept: Set<ObjectID> = []
                for (delete, result) in zip(batch.deletes, outcome.deletes) {
                    if case .kept = result { kept.insert(self.objectID(delete.entity, delete.key)) }
                }
                for link in batch.links {
                    let endsAtKeptRow = !kept.isEmpty && (kept.contains(self.objectID(link.owner, link.source))
                        || kept.contains(self.objectID(link.relationship.destination, link.target)))
                    outcome.linksChanged.append(endsAtKeptRow ? false : try self.apply(link, db: db))
                }
                for (delete, result) in zip(batch.deletes, outcome.deletes) {
                    if case .deleted = result { try self.unlinkAll(entity: delete.entity, key: delete.key, db: db) }
                }
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

    private func apply(_ delete: CommitBatch.Delete, db: Database, policy: MergePolicy, conflicts: inout [SaveConflict]) throws -> CommitOutcome.DeleteResult {
        let table = SQL.table(delete.entity)
        let statement = try db.cachedStatement(sql: "DELETE FROM \(table) WHERE Z_PK = ? AND Z_OPT = ?")
        let changed = try RawStatement.execute(statement, db: db) { sqlite in
            let code = sqlite3_bind_int64(sqlite, 1, delete.key)
            return code == SQLITE_OK ? sqlite3_bind_int64(sqlite, 2, delete.expectedVersion) : code
        }
        if changed > 0 { return .deleted(before: delete.committedValues) }
        guard let current = try row(entity: delete.entity, key: delete.key, db: db) else { return .alreadyGone }
        switch policy {
        case .error:
            conflicts.append(SaveConflict(objectID: objectID(delete.entity, delete.key), keys: [], kind: .updatedElsewhere))
            return .alreadyGone
        case .mergeByPropertyObjectTrump, .overwrite:
            let force = try db.cachedStatement(sql: "DELETE FROM \(table) WHERE Z_PK = ?")
            try RawStatement.execute(force, db: db) { sqlite3_bind_int64($0, 1, delete.key) }
            return .deleted(before: current.values)
        case .mergeByPropertyStoreTrump, .rollback:
            return .kept(current)
        }
    }

    /// Clears the unique columns that two or more of `updates` change, in their rows, before any
    /// of them is written: uniqueness holds for what the save leaves, so objects may exchange
    /// unique values within one save (or pass one along), yet SQLite checks a unique index row by
    /// row. NULLs never collide in a unique index; each update then writes its final values, and
    /// only a value the save really leaves twice fails. A row whose version changed meanwhile is
    /// left as it is (its update takes the conflict path, which reads it).
    private func releaseUniqueValues(of updates: [CommitBatch.Update], db: Database) throws {
        guard updates.count > 1 else { return }
        var releases: [(update: CommitBatch.Update, columns: [Int])] = []
        for update in updates {
            let unique = update.entity.indexes.lazy.filter(\.isUnique).flatMap(\.columns).compactMap(update.entity.column(named:))
            let columns = update.changedColumns.filter(unique.contains)
            if !columns.isEmpty { releases.append((update, columns)) }
        }
        guard releases.count > 1 else { return }
        for (update, columns) in releases {
            let assignments = columns.map { "\(SQL.quote(update.entity.columnNames[$0])) = NULL" }.joined(separator: ", ")
            let statement = try db.cachedStatement(sql: "UPDATE \(SQL.table(update.entity)) SET \(assignments) WHERE Z_PK = ? AND Z_OPT = ?")
            try RawStatement.execute(statement, db: db) { sqlite in
                let code = sqlite3_bind_int64(sqlite, 1, update.key)
                return code == SQLITE_OK ? sqlite3_bind_int64(sqlite, 2, update.expectedVersion) : code
            }
        }
    }

    private func apply(_ update: CommitBatch.Update, db: Database, policy: MergePolicy, generation: Int64, conflicts: inout [SaveConflict]) throws -> CommitOutcome.UpdateResult {
        let entity = update.entity
        if try write(columns: update.changedColumns, of: update, version: update.expectedVersion, db: db) {
            var after = update.committedValues
            for column in update.changedColumns { after[column] = update.values[column] }
            return .written(before: update.committedValues, after: after, columns: update.changedColumns, version: update.expectedVersion + 1)
        }
        guard let current = try row(entity: entity, key: update.key, db: db) else {
            switch policy {
            case .error:
                conflicts.append(SaveConflict(objectID: objectID(entity, update.key), keys: [], kind: .deletedElsewhere))
                return .deletedElsewhere
            case .mergeByPropertyObjectTrump, .overwrite:
                let version = Self.reinsertionVersion(generation)
                try insertRow(entity: entity, key: update.key, version: version, values: update.values, db: db)
                return .reinserted(update.values, version: version)
            case .mergeByPropertyStoreTrump, .rollback:
                return .deletedElsewhere
            }
        }
        let conflicting = update.changedColumns.filter { !StoredValueOrder.isSame(current.values[$0], update.committedValues[$0]) }
        var columns = update.changedColumns
        if !conflicting.isEmpty {
            switch policy {
            case .error:
                conflicts.append(SaveConflict(
                    objectID: objectID(entity, update.key),
                    keys: Set(conflicting.map { entity.columnNames[$0] }),
                    kind: .updatedElsewhere))
                return .discarded(current)
            case .mergeByPropertyObjectTrump:
                break
            case .mergeByPropertyStoreTrump:
                columns = columns.filter { !conflicting.contains($0) }
            case .overwrite:
                columns = Array(update.values.indices)
            case .rollback:
                return .discarded(current)
            }
        }
        var after = current.values
        for column in columns { after[column] = update.values[column] }
        guard try write(columns: columns, of: update, version: current.version, db: db) else {
            throw ObjectStoreError.storeFailure(path: path, reason: "the row \(entity.name) \(update.key) changed during the save transaction")
        }
        return .written(before: current.values, after: after, columns: columns, version: current.version + 1)
    }

    /// `UPDATE … SET columns, Z_OPT = version + 1 WHERE Z_PK = key AND Z_OPT = version`; true when
    /// the row matched.
    private func write(columns: [Int], of update: CommitBatch.Update, version: Int64, db: Database) throws -> Bool {
        let entity = update.entity
        let assignments = columns.map { "\(SQL.quote(entity.columnNames[$0])) = ?" } + ["Z_OPT = ?"]
        let statement = try db.cachedStatement(sql: "UPDATE \(SQL.table(entity)) SET \(assignments.joined(separator: ", ")) WHERE Z_PK = ? AND Z_OPT = ?")
        let changed = try RawStatement.execute(statement, db: db) { sqlite in
            var code = RawStatement.bind(columns.lazy.map { update.values[$0] }, to: sqlite, from: 1)
            guard code == SQLITE_OK else { return code }
            let next = Int32(columns.count + 1)
            code = sqlite3_bind_int64(sqlite, next, version + 1)
            if code == SQLITE_OK { code = sqlite3_bind_int64(sqlite, next + 1, update.key) }
            if code == SQLITE_OK { code = sqlite3_bind_int64(sqlite, next + 2, version) }
            return code
        }
        return changed > 0
    }

    /// The version of a row written again after another context deleted it: above every version
    /// the deleted row had (and any row written again before), so that a context still holding
    /// the deleted row's version can never match the new row and overwrite it unseen. Versions
    /// grow by one per save of a row, and commits by one generation, so a row deleted before
    /// this commit ended at a version far below `generation << 24`.
    static func reinsertionVersion(_ generation: Int64) -> Int64 {
        generation << 24
    }

    func insertRow(entity: EntityDescription, key: Int64, version: Int64, values: ContiguousArray<DatabaseValue>, db: Database) throws {
        let statement = try db.cachedStatement(sql: insertSQL[entity.index])
        try RawStatement.execute(statement, db: db) { sqlite in
            var code = sqlite3_bind_int64(sqlite, 1, key)
            if code == SQLITE_OK { code = sqlite3_bind_int64(sqlite, 2, version) }
            return code == SQLITE_OK ? RawStatement.bind(values, to: sqlite, from: 3) : code
        }
    }

    private func row(entity: EntityDescription, key: Int64, db: Database) throws -> StoreRow? {
        let (text, arguments) = KeyMembership.query(entity: entity, keys: [key]).sql(.rows)
        let statement = try db.cachedStatement(sql: text)
        var result: StoreRow?
        let width = Int32(entity.columnNames.count)
        try RawStatement.forEachRow(statement, db: db, arguments: arguments) { sqlite in
            result = RawStatement.storeRow(sqlite, width: width)
        }
        return result
    }

    private func apply(_ link: CommitBatch.Link, db: Database) throws -> Bool {
        guard let join = link.relationship.join else { return false }
        let table = SQL.quote(join.name)
        let sql = link.linked
            ? "INSERT OR IGNORE INTO \(table) (Z_SOURCE, Z_TARGET) VALUES (?, ?)"
            : "DELETE FROM \(table) WHERE Z_SOURCE = ? AND Z_TARGET = ?"
        let statement = try db.cachedStatement(sql: sql)
        return try RawStatement.execute(statement, db: db) { sqlite in
            let code = sqlite3_bind_int64(sqlite, 1, link.source)
            return code == SQLITE_OK ? sqlite3_bind_int64(sqlite, 2, link.target) : code
        } > 0
    }

    /// Removes every many-to-many link of a deleted row.
    private func unlinkAll(entity: EntityDescription, key: Int64, db: Database) throws {
        for relationship in entity.relationships {
            guard let join = relationship.join else { continue }
            let statement = try db.cachedStatement(sql: "DELETE FROM \(SQL.quote(join.name)) WHERE \(join.ownColumn) = ?")
            try RawStatement.execute(statement, db: db) { sqlite3_bind_int64($0, 1, key) }
        }
    }

    func objectID(_ entity: EntityDescription, _ key: Int64) -> ObjectID {
        ObjectID(binding: entityBindings[entity.index], key: key)
    }
}
