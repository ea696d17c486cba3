extension ManagedObjectContext {
    /// Runs one batch operation as a commit: `write` runs in the store under the container's
    /// commit lock (it tells the generation it reserved before writing anything), then its change
    /// set is handed on to the container's observers and merging contexts, as a save's is.
    ///
    /// What this context shows follows the operation before the call returns: through its inbox
    /// when it merges automatically (after what came before), else merged here. Returns what
    /// was written and the commit's history token (nil when the store keeps no history or
    /// nothing changed).
    func commitBatchOperation(
        _ write: (_ stamp: HistoryStamp, _ generationReserved: (Int64) -> Void) throws(ObjectStoreError) -> BatchCommit
    ) throws(ObjectStoreError) -> (commit: BatchCommit, historyToken: HistoryToken?) {
        let stamp = HistoryStamp(author: transactionAuthor, contextName: name)
        let (commit, changeSet) = try core.withCommitLock { () throws(ObjectStoreError) -> (BatchCommit, ChangeSet) in
            defer { core.publication.end() }
            let commit = try write(stamp) { core.publication.begin($0) }
            core.handOnCommits(before: commit.outcome.generation)
            let token = core.store.tracksHistory ? HistoryToken(storeIdentifier: core.storeIdentifier, generation: commit.outcome.generation) : nil
            let changeSet: ChangeSet
            if let updates = commit.attributeUpdates {
                changeSet = updates.changeSet(
                    number: core.nextTransactionNumber(), originator: identifier, historyToken: token, entityBindings: core.entityBindings)
            } else {
                var builder = ChangeSetBuilder(store: core.store)
                builder.record(commit.batch, outcome: commit.outcome)
                changeSet = builder.changeSet(number: core.nextTransactionNumber(), originator: identifier, destination: .store, historyToken: token)
            }
            core.handOnOwnCommit(changeSet, generation: commit.outcome.generation, savedBy: nil)
            return (commit, changeSet)
        }
        core.storeChanges.drain()
        if automaticallyMergesChangesFromParent && parent == nil {
            mergeWaitingChangeSets(below: nil)
        } else if !changeSet.isEmpty {
            merge(changeSet)
        }
        deliverChanges()
        return (commit, changeSet.isEmpty ? nil : changeSet.historyToken)
    }
}
