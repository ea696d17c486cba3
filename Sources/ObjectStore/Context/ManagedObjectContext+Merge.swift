import GRDB

extension ManagedObjectContext {
    /// Schedules a merge of another context's change set on this context's queue. Merges run in
    /// the order change sets are added; `mark` orders the change set against what the context
    /// reads (see ``MergeInbox``).
    func enqueueMerge(_ changeSet: ChangeSet, mark: Int64) {
        if inbox.withLock({ $0.add(changeSet, mark: mark) }) {
            queue.async { [self] in
                mergeWaitingChangeSets(below: nil)
                deliverChanges()
            }
        }
    }

    /// Merges the waiting change sets in order: all of them, or only those marked below `limit`.
    func mergeWaitingChangeSets(below limit: Int64?) {
        while let (changeSet, mark) = inbox.withLock({ $0.next(below: limit) }) {
            merge(changeSet, mark: mark)
            mergedMark = max(mergedMark, mark)
        }
    }

    /// Merges a change set saved by another context: unchanged registered objects take the new
    /// values, deleted ones become deleted, and this context's unsaved edits survive according to
    /// ``mergePolicy``. Records a merge event listing every object the save touched, then passes
    /// the change set on to this context's merging children.
    ///
    /// Contexts that do not merge automatically can call this with change sets they observe
    /// (``PersistentContainer/addChangeSetObserver(_:)``); observers receive the event before it
    /// returns.
    ///
    /// - Precondition: the change set comes from this context's container.
    public func mergeChanges(from changeSet: ChangeSet) {
        assertOnQueue()
        merge(changeSet)
        deliverChanges()
    }

    /// ``mergeChanges(from:)`` without delivering the event; `mark` is the change set's mark in
    /// the inbox, when it came through it.
    func merge(_ changeSet: ChangeSet, mark: Int64? = nil) {
        noteMergeForUndo(changeSet)
        if changeSet.isResync {
            resync(changeSet)
            return
        }
        if let id = changeSet.updates.anyObjectID ?? changeSet.deletedObjectIDs.first ?? changeSet.insertedObjectIDs.first {
            checkContainer(of: id)
        }
        recordPendingChanges()
        let policy = mergePolicy
        var moreKeys: [ObjectID: Set<String>] = [:]
        var refreshed: Set<ObjectID> = []
        var invalidated: Set<ObjectID> = []
        func merge(_ patch: RowPatch, into object: ManagedObject) {
            guard !object.state.contains(.fault) else { return }
            let before = object.values
            guard apply(patch, to: object, policy: policy) else { return }
            refreshed.insert(object.objectID)
            // A policy that drops unsaved edits changes more keys than the save did.
            for column in before.indices where !StoredValueOrder.isSame(before[column], object.values[column]) {
                let name = object.entityDescription.columnNames[column]
                if changeSet.updates.keys(of: object.objectID)?.contains(name) != true { moreKeys[object.objectID, default: []].insert(name) }
            }
        }
        // Whichever is shorter: the change set's rows, or the objects this context holds.
        if registered.count < changeSet.updates.count {
            for object in registered.values {
                if let patch = changeSet.updates.patch(of: object.objectID) { merge(patch, into: object) }
            }
        } else {
            changeSet.updates.forEachPatch { id, patch in
                if let object = registered[id] { merge(patch, into: object) }
            }
        }
        var updates = changeSet.updates
        if !moreKeys.isEmpty {
            updates = UpdatedObjects(changedKeys: changeSet.changedKeys.merging(moreKeys) { $0.union($1) })
        }
        for id in changeSet.insertedObjectIDs {
            // An object this context found missing (deleted, then written again by a merge
            // policy) loads the new row on next access.
            guard let object = registered[id], object.state.contains(.missing) else { continue }
            object.state.remove(.missing)
            object.state.insert(.fault)
            refreshed.insert(id)
        }
        for id in changeSet.deletedObjectIDs {
            guard let object = registered[id] else { continue }
            let keepsEdits = object.state.contains(.pending) && object.hasChangesToSave
                && (policy == .error || policy == .mergeByPropertyObjectTrump || policy == .overwrite)
            if keepsEdits {
                object.state.insert(.goneFromParent)
                continue
            }
            // Forgetting clears its pending flag too; the pending list skips it from now on.
            forget(object)
            invalidated.insert(id)
        }
        record(.merge, inserted: changeSet.insertedObjectIDs, updates: updates, deleted: changeSet.deletedObjectIDs,
               refreshed: refreshed, invalidated: invalidated, changeSet: changeSet, storeGeneration: parent == nil ? mark : nil)
        forward(changeSet)
    }

    /// Applies the new values of a row to a loaded object, keeping its unsaved edits as `policy`
    /// says; returns false when the patch is older than what the object holds.
    private func apply(_ patch: RowPatch, to object: ManagedObject, policy: MergePolicy) -> Bool {
        // A change set merged after this context already read or saved a newer row version is
        // stale for this object.
        if let version = patch.version, version <= object.version { return false }
        // A patch may hold columns the commit did not change (a whole row read from another
        // container's commit): only those whose stored value moved count, so that an unsaved
        // edit of a column nobody else changed meets no conflict.
        let moved = zip(patch.columns, patch.values).filter { !StoredValueOrder.isSame(object.committedValues[$0.0], $0.1) }
        var local = Set(object.state.contains(.pending) ? object.changedColumns() : [])
        if policy == .rollback && !local.isEmpty && moved.contains(where: { local.contains($0.0) }) {
            object.revertToCommittedValues()
            local.removeAll()
        }
        var keptOld = false
        for (column, value) in moved {
            if local.contains(column) {
                switch policy {
                case .error:
                    if object.conflictBase[column] == nil { object.conflictBase[column] = object.committedValues[column] }
                    object.committedValues[column] = value
                    keptOld = true
                case .mergeByPropertyObjectTrump, .overwrite:
                    object.committedValues[column] = value
                case .mergeByPropertyStoreTrump, .rollback:
                    object.values[column] = value
                    object.committedValues[column] = value
                }
            } else {
                object.values[column] = value
                object.committedValues[column] = value
            }
        }
        // While a conflict is held (this merge's or an earlier one's), the object keeps the
        // version it read, so its next save still meets the changed row and detects it.
        if let version = patch.version, !keptOld, object.conflictBase.isEmpty {
            object.version = version
        }
        return true
    }

    /// Merges commits whose changes are unknown: every loaded object without unsaved changes
    /// becomes a fault, so that it reads the store again; objects with unsaved changes keep them
    /// (a save meets any conflict as usual). Records a ``ChangeEvent/Kind/resync`` event and
    /// passes the change set on to the children.
    private func resync(_ changeSet: ChangeSet) {
        recordPendingChanges()
        var refreshed: Set<ObjectID> = []
        for object in registered.values where !object.state.contains(.inserted) && !object.hasChangesToSave {
            guard !object.state.contains(.fault) else { continue }
            object.revertToCommittedValues()
            object.state.subtract([.missing, .goneFromParent])
            object.state.insert(.fault)
            refreshed.insert(object.objectID)
        }
        record(.resync, inserted: [], changedKeys: [:], deleted: [], refreshed: refreshed, changeSet: changeSet)
        forward(changeSet)
    }

    /// Passes a change set that changed what this context shows (its own save, a merge, a
    /// child's save) on to its children that merge automatically, except the one that saved it,
    /// marked with the event that recorded it.
    func forward(_ changeSet: ChangeSet) {
        for child in children.withLock({ $0.compactMap(\.context) })
        where child.identifier != changeSet.originator && child.automaticallyMergesChangesFromParent {
            child.enqueueMerge(changeSet, mark: stream.sequenceNumber)
        }
    }
}
