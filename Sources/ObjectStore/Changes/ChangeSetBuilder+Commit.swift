extension ChangeSetBuilder {
    /// Records every row change and link a commit made, as its outcome says it made them: rows a
    /// merge policy kept or found gone are not changes of the commit.
    mutating func record(_ batch: CommitBatch, outcome: CommitOutcome) {
        for insert in batch.inserts {
            inserted(entity: insert.entity, key: insert.key, after: insert.values)
        }
        for (link, changed) in zip(batch.links, outcome.linksChanged) where changed {
            linked(link)
        }
        for (delete, result) in zip(batch.deletes, outcome.deletes) {
            if case .deleted(let before) = result {
                deleted(entity: delete.entity, key: delete.key, before: before)
            }
        }
        for (update, result) in zip(batch.updates, outcome.updates) {
            switch result {
            case let .written(before, after, columns, version):
                updated(entity: update.entity, key: update.key, before: before, after: after, columns: columns, version: version)
            case let .reinserted(values, _):
                inserted(entity: update.entity, key: update.key, after: values)
            case .discarded, .deletedElsewhere:
                break
            }
        }
        for derived in outcome.derivedUpdates {
            updated(entity: derived.entity, key: derived.key, before: derived.before, after: derived.after, columns: derived.columns, version: derived.version)
        }
    }
}
