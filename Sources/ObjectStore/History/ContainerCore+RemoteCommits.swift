import Dispatch

extension ContainerCore {
    /// Hands on the commits other containers made before this container's commit of
    /// `generation`, so that every inbox and observer stays in commit order (and change sets in
    /// transaction-number order). Call with the commit lock held, right after the commit and
    /// before numbering its change set.
    func handOnCommits(before generation: Int64) {
        guard generation > handedOnThrough + 1 else { return }
        do {
            try ingestRemoteCommits(through: generation - 1)
        } catch {
            // They cannot be read now: whoever follows the store reads it again rather than
            // miss them.
            handOnRemote(resync(through: generation - 1), generation: generation - 1)
            handedOn(through: generation - 1)
        }
    }

    /// Hands on a commit of one of this container's contexts: to the container's observers and
    /// the other root contexts that merge, marked with its generation. Call with the commit lock
    /// held, after ``handOnCommits(before:)``.
    /// `saver` is the context that saved (it shows its changes already), nil for a batch request
    /// (every merging context, the one that ran it included, merges it).
    func handOnOwnCommit(_ changeSet: ChangeSet, generation: Int64, savedBy saver: ManagedObjectContext?) {
        if !changeSet.isEmpty {
            storeChanges.enqueue(changeSet)
            for context in roots where context !== saver && context.automaticallyMergesChangesFromParent {
                context.enqueueMerge(changeSet, mark: generation)
            }
        }
        handedOn(through: generation)
    }

    /// Reads other containers' commits after ``handedOnThrough`` from the history, through
    /// `last` (the newest commit for nil), and hands each on as a change set of its own: to the
    /// container's observers, the root contexts that merge remote changes, and
    /// ``PersistentContainer/remoteChanges()``. A range with a commit the history does not hold
    /// is handed on as one resync. Call with the commit lock held; returns whether anything was
    /// handed on.
    @discardableResult
    func ingestRemoteCommits(through last: Int64?) throws(ObjectStoreError) -> Bool {
        let after = handedOnThrough
        if let last, last <= after { return false }
        let commits = try store.remoteCommits(after: after, through: last)
        guard commits.through > after else { return false }
        if commits.hasGap {
            handOnRemote(resync(through: commits.through), generation: commits.through)
        } else {
            for transaction in commits.transactions where !transaction.changes.isEmpty {
                handOnRemote(changeSet(of: transaction, rows: commits.rows), generation: transaction.token.generation)
            }
        }
        handedOn(through: commits.through)
        remoteSignals.enqueue(RemoteChange(historyToken: HistoryToken(storeIdentifier: storeIdentifier, generation: commits.through)))
        return true
    }

    /// Hands on what other containers committed since the last hand-over, from a thread that
    /// holds no lock (the watcher's), then delivers to the observers. `newest` is the store's
    /// newest generation when the caller has read it already. Returns whether there was
    /// anything; a read that fails is retried at the next wake-up.
    @discardableResult
    func followStore(newest: Int64? = nil) -> Bool {
        guard let newest = newest ?? (try? store.currentGeneration()), newest > handedOnThrough else { return false }
        let handedOn = withCommitLock { (try? ingestRemoteCommits(through: nil)) ?? false }
        storeChanges.drain()
        remoteSignals.drain()
        return handedOn
    }

    /// Waits until the commits through `generation`, which a read saw, have been handed on: this
    /// container's own (``PublicationGate``) and other containers', read from the history now
    /// when the watcher has not handed them on yet. Observers receive them on another thread,
    /// since the caller may hold the commit lock.
    func waitUntilHandedOn(through generation: Int64) {
        publication.wait(through: generation)
        guard handedOnThrough < generation else { return }
        let handedOn = withCommitLock { (try? ingestRemoteCommits(through: generation)) ?? false }
        guard handedOn else { return }
        DispatchQueue.global().async { [self] in
            storeChanges.drain()
            remoteSignals.drain()
        }
    }

    private func handOnRemote(_ changeSet: ChangeSet, generation: Int64) {
        storeChanges.enqueue(changeSet)
        for context in roots where context.automaticallyMergesRemoteChanges {
            context.enqueueMerge(changeSet, mark: generation)
        }
    }

    /// The change set of another container's commit: its lists, and for updated objects the
    /// rows as read with the last of the commits read together.
    ///
    /// Those rows can be newer than the commit: a later commit of the same read, or one the read
    /// saw without reading it yet (this container's own commit that the read follows, or on a
    /// store whose commits become visible out of number order, a later-numbered one) may have
    /// changed the object again, and the row carries that row's version. A merge applies one
    /// patch per object and version and skips the rest as stale, so each patch is the whole row:
    /// the first patch of the object brings every column up to the row read, whichever commit
    /// changed it.
    private func changeSet(of transaction: HistoryTransaction, rows: [ObjectID: StoreRow]) -> ChangeSet {
        var inserted: Set<ObjectID> = []
        var deleted: Set<ObjectID> = []
        var changedKeys: [ObjectID: Set<String>] = [:]
        var patches: [ObjectID: RowPatch] = [:]
        for change in transaction.changes {
            let id = change.changedObjectID
            switch change.changeType {
            case .insert: inserted.insert(id)
            case .delete: deleted.insert(id)
            case .update:
                changedKeys[id] = change.updatedProperties
                if let row = rows[id] {
                    patches[id] = RowPatch(version: row.version, columns: Array(row.values.indices), values: Array(row.values))
                }
            }
        }
        return ChangeSet(
            transactionNumber: nextTransactionNumber(), originator: ContextIdentifier(number: 0, name: transaction.contextName),
            destination: .store, insertedObjectIDs: inserted, changedKeys: changedKeys, deletedObjectIDs: deleted,
            patches: patches, historyToken: transaction.token, isRemote: true)
    }

    /// The change set that stands for commits through `generation` whose changes are unknown.
    private func resync(through generation: Int64) -> ChangeSet {
        ChangeSet(
            transactionNumber: nextTransactionNumber(), originator: ContextIdentifier(number: 0, name: nil),
            destination: .store, insertedObjectIDs: [], changedKeys: [:], deletedObjectIDs: [], patches: [:],
            historyToken: HistoryToken(storeIdentifier: storeIdentifier, generation: generation), isRemote: true, isResync: true)
    }
}
