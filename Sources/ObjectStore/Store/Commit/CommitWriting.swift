import GRDB

/// How a save is written, whatever the store: every updated and deleted row is checked against
/// the version the context read (optimistic locking), and conflicts are resolved by the merge
/// policy. Stores supply the statements (``CommitRowWriter``) and the transaction around them.
package enum CommitWriting {
    /// Writes `batch` with `writer` inside a transaction that raised the store generation to
    /// `generation`; returns what happened to each row. `store` names the store in errors.
    ///
    /// - Throws: ``ObjectStoreError/saveConflict(_:)`` (policy `.error`), and what the writer
    ///   throws; the caller rolls the transaction back.
    package static func write(
        _ batch: CommitBatch, policy: MergePolicy, generation: Int64, writer: some CommitRowWriter, store: String,
        objectID: (EntityDescription, Int64) -> ObjectID
    ) throws -> CommitOutcome {
        var outcome = CommitOutcome()
        outcome.generation = generation
        var conflicts: [SaveConflict] = []
        for delete in batch.deletes {
            outcome.deletes.append(try apply(delete, writer: writer, policy: policy, objectID: objectID, conflicts: &conflicts))
        }
        try releaseUniqueValues(of: batch.updates, writer: writer)
        for update in batch.updates {
            outcome.updates.append(try apply(update, writer: writer, policy: policy, generation: generation, store: store, objectID: objectID, conflicts: &conflicts))
        }
        if !conflicts.isEmpty { throw ObjectStoreError.saveConflict(conflicts) }
        try writer.insertRows(batch.inserts[...], version: 1)
        // A delete the policy kept keeps its row's links, including those its delete rules
        // meant to remove.
        var kept: Set<ObjectID> = []
        for (delete, result) in zip(batch.deletes, outcome.deletes) {
            if case .kept = result { kept.insert(objectID(delete.entity, delete.key)) }
        }
        for link in batch.links {
            let endsAtKeptRow = !kept.isEmpty && (kept.contains(objectID(link.owner, link.source))
                || kept.contains(objectID(link.relationship.destination, link.target)))
            outcome.linksChanged.append(endsAtKeptRow ? false : try writer.apply(link))
        }
        for (delete, result) in zip(batch.deletes, outcome.deletes) {
            if case .deleted = result { try writer.unlinkAll(entity: delete.entity, key: delete.key) }
        }
        var derived = DerivedRefresh(batch: batch, outcome: outcome)
        try derived.apply(to: &outcome, writer: writer)
        return outcome
    }

    /// The version of a row written again after another context deleted it: above every version
    /// the deleted row had (and any row written again before), so that a context still holding
    /// the deleted row's version can never match the new row and overwrite it unseen. Versions
    /// grow by one per save of a row, and commits by one generation, so a row deleted before
    /// this commit ended at a version far below `generation << 24`.
    package static func reinsertionVersion(_ generation: Int64) -> Int64 {
        generation << 24
    }

    private static func apply(
        _ delete: CommitBatch.Delete, writer: some CommitRowWriter, policy: MergePolicy,
        objectID: (EntityDescription, Int64) -> ObjectID, conflicts: inout [SaveConflict]
    ) throws -> CommitOutcome.DeleteResult {
        if try writer.deleteRow(entity: delete.entity, key: delete.key, version: delete.expectedVersion) {
            return .deleted(before: delete.committedValues)
        }
        guard let current = try writer.row(entity: delete.entity, key: delete.key) else { return .alreadyGone }
        switch policy {
        case .error:
            conflicts.append(SaveConflict(objectID: objectID(delete.entity, delete.key), keys: [], kind: .updatedElsewhere))
            return .alreadyGone
        case .mergeByPropertyObjectTrump, .overwrite:
            _ = try writer.deleteRow(entity: delete.entity, key: delete.key, version: nil)
            return .deleted(before: current.values)
        case .mergeByPropertyStoreTrump, .rollback:
            return .kept(current)
        }
    }

    /// Clears the unique columns that two or more of `updates` change, in their rows, before any
    /// of them is written: uniqueness holds for what the save leaves, so objects may exchange
    /// unique values within one save (or pass one along), yet databases check a unique index row
    /// by row. NULLs never collide in a unique index; each update then writes its final values,
    /// and only a value the save really leaves twice fails. A row whose version changed meanwhile
    /// is left as it is (its update takes the conflict path, which reads it).
    private static func releaseUniqueValues(of updates: [CommitBatch.Update], writer: some CommitRowWriter) throws {
        guard updates.count > 1 else { return }
        var releases: [(update: CommitBatch.Update, columns: [Int])] = []
        for update in updates {
            let unique = update.entity.indexes.lazy.filter(\.isUnique).flatMap(\.columns).compactMap(update.entity.column(named:))
            let columns = update.changedColumns.filter(unique.contains)
            if !columns.isEmpty { releases.append((update, columns)) }
        }
        guard releases.count > 1 else { return }
        for (update, columns) in releases {
            try writer.clearColumns(columns, entity: update.entity, key: update.key, version: update.expectedVersion)
        }
    }

    private static func apply(
        _ update: CommitBatch.Update, writer: some CommitRowWriter, policy: MergePolicy, generation: Int64, store: String,
        objectID: (EntityDescription, Int64) -> ObjectID, conflicts: inout [SaveConflict]
    ) throws -> CommitOutcome.UpdateResult {
        let entity = update.entity
        if try writer.updateRow(entity: entity, key: update.key, columns: update.changedColumns, values: update.values, version: update.expectedVersion) {
            var after = update.committedValues
            for column in update.changedColumns { after[column] = update.values[column] }
            return .written(before: update.committedValues, after: after, columns: update.changedColumns, version: update.expectedVersion + 1)
        }
        guard let current = try writer.row(entity: entity, key: update.key) else {
            switch policy {
            case .error:
                conflicts.append(SaveConflict(objectID: objectID(entity, update.key), keys: [], kind: .deletedElsewhere))
                return .deletedElsewhere
            case .mergeByPropertyObjectTrump, .overwrite:
                let version = reinsertionVersion(generation)
                try writer.insertRow(entity: entity, key: update.key, version: version, values: update.values)
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
        guard try writer.updateRow(entity: entity, key: update.key, columns: columns, values: update.values, version: current.version) else {
            throw ObjectStoreError.storeFailure(path: store, reason: "the row \(entity.name) \(update.key) changed during the save transaction")
        }
        return .written(before: current.values, after: after, columns: columns, version: current.version + 1)
    }
}
