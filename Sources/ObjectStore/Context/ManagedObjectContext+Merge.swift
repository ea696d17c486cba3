import GRDB

extension ManagedObjectContext {
    /// Schedules a merge of another context's change set on this context's queue; merges run in
    /// transaction order.
    func enqueueMerge(_ changeSet: ChangeSet) {
        if inbox.withLock({ $0.add(changeSet) }) {
            queue.async { [self] in
                mergeWaitingChangeSets(before: nil)
            }
        }
    }

    /// Merges the waiting change sets in transaction order: all of them, or only those committed
    /// before transaction `number`.
    func mergeWaitingChangeSets(before number: Int64?) {
        while let changeSet = inbox.withLock({ $0.next(before: number) }) {
            mergeChanges(from: changeSet)
        }
    }

    /// Merges a change set saved by another context: unchanged registered objects take the new
    /// values, deleted ones become deleted, and this context's unsaved edits survive according to
    /// ``mergePolicy``. Then notifies this context's observers and forwards the change set to its
    /// merging children.
    ///
    /// Contexts that do not merge automatically can call this with change sets they observe.
    ///
    /// - Precondition: the change set comes from this context's container.
    public func mergeChanges(from changeSet: ChangeSet) {
        assertOnQueue()
        if let id = changeSet.patches.keys.first ?? changeSet.deletedObjectIDs.first ?? changeSet.insertedObjectIDs.first {
            checkContainer(of: id)
        }
        let policy = mergePolicy
        for (id, patch) in changeSet.patches {
            guard let object = registered[id], !object.state.contains(.fault) else { continue }
            apply(patch, to: object, policy: policy)
        }
        for id in changeSet.deletedObjectIDs {
            guard let object = registered[id] else { continue }
            let keepsEdits = object.state.contains(.pending) && object.hasChangesToSave
                && (policy == .error || policy == .mergeByPropertyObjectTrump || policy == .overwrite)
            if keepsEdits { continue }
            // Forgetting clears its pending flag too; the pending list skips it from now on.
            forget(object)
            unreportedInvalidated.insert(id)
        }
        processPendingChanges()
        deliver(changeSet)
    }

    private func apply(_ patch: RowPatch, to object: ManagedObject, policy: MergePolicy) {
        // A change set merged after this context already read or saved a newer row version is
        // stale for this object.
        if let version = patch.version, version <= object.version { return }
        var local = Set(object.state.contains(.pending) ? object.changedColumns() : [])
        if policy == .rollback && !local.isEmpty && patch.columns.contains(where: local.contains) {
            object.values = object.snapshot
            object.conflictBase = [:]
            local.removeAll()
        }
        var keptOld = false
        for (column, value) in zip(patch.columns, patch.values) {
            if local.contains(column) {
                switch policy {
                case .error:
                    if object.conflictBase[column] == nil { object.conflictBase[column] = object.snapshot[column] }
                    object.snapshot[column] = value
                    keptOld = true
                case .mergeByPropertyObjectTrump, .overwrite:
                    object.snapshot[column] = value
                case .mergeByPropertyStoreTrump, .rollback:
                    object.values[column] = value
                    object.snapshot[column] = value
                }
            } else {
                object.values[column] = value
                object.snapshot[column] = value
            }
        }
        // While a conflict is held (this merge's or an earlier one's), the object keeps the
        // version it read, so its next save still meets the changed row and detects it.
        if let version = patch.version, !keptOld, object.conflictBase.isEmpty {
            object.version = version
        }
        unreportedRefreshed.insert(object.objectID)
    }

    /// Hands a change set that reached this context (its own save or a merge) to its observers,
    /// then to its children that merge automatically.
    func deliver(_ changeSet: ChangeSet) {
        changeSetObservers.notify(changeSet)
        for child in children.withLock({ $0.compactMap(\.context) }) where child.automaticallyMergesChangesFromParent {
            child.enqueueMerge(changeSet)
        }
    }
}
