import GRDB

extension ManagedObjectContext {
    /// Saves every unsaved change: to the store for a root context, into the parent for a child.
    ///
    /// A save is atomic: it writes everything or nothing. When it throws, the store and this
    /// context are exactly as before the call (the unsaved changes are still there to fix or roll
    /// back). A successful save publishes one ``ChangeSet``.
    ///
    /// The change stream's observers first receive the unsaved changes (what they change then is
    /// saved too), and before the call returns the ``ChangeEvent/Kind/save`` event (after any
    /// merge committed before this save). Container observers receive the change set last.
    ///
    /// Before anything else, each inserted, changed and deleted object's
    /// ``ManagedObject/willSave()`` runs (again for objects it changes, until none changed);
    /// the model's rules and the objects' `validateFor…()` checks follow; once the save is
    /// published, each saved object's ``ManagedObject/didSave()`` runs.
    ///
    /// - Throws: ``ObjectStoreError/validation(_:)`` (a nil non-optional value, a broken
    ///   ``ValidationRule``, a refusing `validateFor…()`, a deny delete rule, a uniqueness
    ///   constraint), ``ObjectStoreError/saveHooksDidNotSettle(rounds:objects:)``, ``ObjectStoreError/saveConflict(_:)`` (another context
    ///   saved the same keys since this one read them, under the `.error` merge policy), or an
    ///   I/O error: of the save itself, of reading what a delete rule reaches, or of a read since
    ///   the last save that could not throw (a property getter's), which is reported once.
    public func save() throws(ObjectStoreError) {
        assertOnQueue()
        try runWillSave()
        // Observers see the unsaved changes first: what they change is saved too.
        processPendingChanges()
        try applyAwaitingDeleteRules()
        // The changes observers and delete rules made are reported before the save.
        recordPendingChanges()
        if let failure = unsaved.takeReadFailure() { throw failure }
        let changes = changesToSave()
        guard !changes.isEmpty || !unsaved.links.isEmpty else {
            finishSave()
            return
        }
        let objects = changes.map(\.object)
        try validate(objects)
        if parent == nil, unsaved.links.isEmpty, changes.allSatisfy(\.isTransientOnly) {
            // Nothing the store holds changed: the transient values are kept as saved.
            for object in objects { object.committedValues = object.values }
            finishSave()
        } else if let parent {
            try saveIntoParent(parent, changes)
        } else {
            try saveToStore(changes)
        }
        for object in objects { object.didSave() }
    }

    /// An object with something to save; for an update, its changed columns (found once per save),
    /// transient attributes included.
    private struct Change {
        let object: ManagedObject
        let columns: [Int]

        /// The changed columns the store holds.
        var storedColumns: [Int] {
            let width = object.entityDescription.columnNames.count
            return columns.filter { $0 < width }
        }

        /// Whether only transient attributes changed: the store has nothing to write.
        var isTransientOnly: Bool { !columns.isEmpty && storedColumns.isEmpty && object.conflictBase.isEmpty }
    }

    private func changesToSave() -> [Change] {
        var changes: [Change] = []
        for object in livePending {
            let inserted = object.state.contains(.inserted), deleted = object.state.contains(.deleted)
            if inserted || deleted {
                if inserted != deleted { changes.append(Change(object: object, columns: [])) }
                continue
            }
            let columns = object.changedColumns()
            if !columns.isEmpty { changes.append(Change(object: object, columns: columns)) }
        }
        return changes
    }

    /// Applies the delete rules that reading failed to apply when their objects were deleted.
    private func applyAwaitingDeleteRules() throws(ObjectStoreError) {
        var index = 0
        // Cascades may add more deletes that cannot be read; they are handled in the same loop.
        while index < unsaved.deletesAwaitingRules.count {
            let object = unsaved.deletesAwaitingRules[index]
            if object.state.contains(.deleted) && !object.state.contains(.invalid) {
                try loadFault(object)
                try applyDeleteRules(of: object)
            }
            index += 1
        }
        unsaved.deletesAwaitingRules.removeAll()
    }

    /// Saves into the store, in four steps: the batch is built from the changes, committed and
    /// its outcome applied to the objects, the change set handed on to the merging contexts and the
    /// container's observers (all three under the commit lock, so change sets follow commit order),
    /// and finally published to this context's stream with the lock released.
    private func saveToStore(_ changes: [Change]) throws(ObjectStoreError) {
        var save = StoreSave(changes)
        save.batch.links = pendingLinkChanges()
        save.batch.stamp = HistoryStamp(author: transactionAuthor, contextName: name)
        let (changeSet, generation, effects) = try core.withCommitLock { () throws(ObjectStoreError) in
            defer { core.publication.end() }
            let outcome = try core.store.commit(save.batch, policy: mergePolicy) { core.publication.begin($0) }
            core.handOnCommits(before: outcome.generation)
            let (changeSet, effects) = apply(outcome, of: save)
            core.handOnOwnCommit(changeSet, generation: outcome.generation, savedBy: self)
            return (changeSet, outcome.generation, effects)
        }
        publish(changeSet, mark: generation, refreshed: effects.refreshed, invalidated: effects.invalidated)
        core.storeChanges.drain()
    }

    /// A save into the store: the batch to commit and the objects behind its rows, in its order.
    private struct StoreSave {
        var batch = CommitBatch()
        var inserted: [ManagedObject] = []
        var updated: [ManagedObject] = []
        var deleted: [ManagedObject] = []
        /// Updated objects whose changes are all transient: saved without a write.
        var transientOnly: [ManagedObject] = []

        init(_ changes: [Change]) {
            for change in changes {
                let object = change.object
                let entity = object.entityDescription
                if object.state.contains(.inserted) {
                    batch.inserts.append(.init(entity: entity, key: object.objectID.key, values: entity.storedPart(of: object.values)))
                    inserted.append(object)
                } else if object.state.contains(.deleted) {
                    batch.deletes.append(.init(entity: entity, key: object.objectID.key, expectedVersion: object.version,
                                               committedValues: entity.storedPart(of: object.lockingValues)))
                    deleted.append(object)
                } else if change.isTransientOnly {
                    transientOnly.append(object)
                } else {
                    let columns = change.storedColumns
                    batch.updates.append(.init(
                        entity: entity, key: object.objectID.key, expectedVersion: object.version,
                        committedValues: entity.storedPart(of: object.lockingValues), values: entity.storedPart(of: object.values),
                        changedColumns: object.conflictBase.isEmpty
                            ? columns : Array(Set(columns).union(object.conflictBase.keys)).sorted()))
                    updated.append(object)
                }
            }
        }
    }

    /// Objects whose values or presence the merge policy changed while saving.
    private struct SaveEffects {
        var refreshed: Set<ObjectID> = []
        var invalidated: Set<ObjectID> = []
    }

    /// Brings the saved objects to what the store now holds (the merge policy may have kept the
    /// store's values, or found rows gone) and builds the change set of what the commit did.
    private func apply(_ outcome: CommitOutcome, of save: StoreSave) -> (ChangeSet, SaveEffects) {
        var builder = ChangeSetBuilder(store: core.store)
        builder.record(save.batch, outcome: outcome)
        var effects = SaveEffects()
        for (object, result) in zip(save.deleted, outcome.deletes) {
            switch result {
            case .deleted:
                forget(object)
            case .alreadyGone:
                forget(object)
                effects.invalidated.insert(object.objectID)
            case .kept(let row):
                object.load(row.values, version: row.version)
                object.state.remove(.deleted)
                effects.refreshed.insert(object.objectID)
            }
        }
        for (object, result) in zip(save.updated, outcome.updates) {
            switch result {
            case let .written(_, after, _, version):
                // Derived values the commit computed are the save's own result, not the policy's.
                let entity = object.entityDescription
                if !after.elementsEqual(entity.takingDerivedValues(of: after, into: entity.storedPart(of: object.values)), by: StoredValueOrder.isSame) {
                    effects.refreshed.insert(object.objectID)
                }
                object.load(after, version: version)
            case let .reinserted(values, version):
                object.load(values, version: version)
            case .discarded(let row):
                object.load(row.values, version: row.version)
                effects.refreshed.insert(object.objectID)
            case .deletedElsewhere:
                forget(object)
                effects.invalidated.insert(object.objectID)
            }
        }
        for (index, object) in save.inserted.enumerated() {
            object.state.remove(.inserted)
            object.load(outcome.derivedInserts[index] ?? object.values, version: 1)
        }
        for object in save.transientOnly { object.committedValues = object.values }
        takeDerivedValues(outcome.derivedUpdates)
        finishSave()
        let token = core.store.tracksHistory ? HistoryToken(storeIdentifier: core.storeIdentifier, generation: outcome.generation) : nil
        let changeSet = builder.changeSet(number: core.nextTransactionNumber(), originator: identifier, destination: .store, historyToken: token)
        return (changeSet, effects)
    }

    private func saveIntoParent(_ parent: ManagedObjectContext, _ changes: [Change]) throws(ObjectStoreError) {
        var builder = ChangeSetBuilder(store: core.store)
        var pushes: [ChildPush] = []
        for change in changes {
            let object = change.object
            let entity = object.entityDescription
            let key = object.objectID.key
            // The parent receives the transient values too; the change set holds the stored ones.
            if object.state.contains(.inserted) {
                builder.inserted(entity: entity, key: key, after: entity.storedPart(of: object.values))
                pushes.append(.insert(entity: entity, key: key, values: object.values))
            } else if object.state.contains(.deleted) {
                builder.deleted(entity: entity, key: key, before: entity.storedPart(of: object.committedValues))
                pushes.append(.delete(entity: entity, key: key))
            } else {
                let columns = change.columns
                if !change.isTransientOnly {
                    builder.updated(entity: entity, key: key, before: entity.storedPart(of: object.committedValues),
                                    after: entity.storedPart(of: object.values), columns: change.storedColumns, version: nil)
                }
                pushes.append(.update(entity: entity, key: key, columns: columns, values: columns.map { object.values[$0] }))
            }
        }
        let links = pendingLinkChanges()
        for link in links {
            builder.linked(link)
            pushes.append(.link(link))
        }
        let changeSet = builder.changeSet(
            number: core.nextTransactionNumber(), originator: identifier, destination: .parentContext(parent.identifier))
        let mark = parent.performAndWait {
            parent.absorb(pushes, from: changeSet)
        }
        readMark.saw(mark)
        for object in changes.map(\.object) {
            if object.state.contains(.deleted) {
                forget(object)
            } else {
                object.state.remove(.inserted)
                object.committedValues = object.values
            }
        }
        finishSave()
        publish(changeSet, mark: mark, refreshed: [], invalidated: [])
    }

    /// Applies a child's saved changes to this context as unsaved changes of its own, records
    /// them as a child-save event and passes them on to the other children; returns the event's
    /// sequence number. Observers receive the event at the end of this context's turn.
    func absorb(_ pushes: [ChildPush], from changeSet: ChangeSet) -> Int64 {
        recordPendingChanges()
        let undoWasRecording = suspendUndoRegistration()
        defer { resumeUndoRegistration(undoWasRecording, absorbing: changeSet) }
        for push in pushes {
            switch push {
            case let .insert(entity, key, values):
                if let object = registered[objectID(entity: entity.index, key: key)], object.state.contains(.deleted) {
                    // The child undid a deletion it had saved here: the object is back.
                    reinsert(object, values: values)
                    continue
                }
                let object = entity.objectType.init(ManagedObject.Construction(
                    objectID: objectID(entity: entity.index, key: key), entity: entity, context: self,
                    values: values, version: 0, state: .inserted))
                registerInserted(object)
            case let .update(entity, key, columns, values):
                let object = registeredOrFault(entity: entity.index, key: key)
                for (column, value) in zip(columns, values) {
                    object.setColumn(column, to: value)
                }
            case let .link(link):
                let owner = registeredOrFault(entity: link.owner.index, key: link.source)
                let other = registeredOrFault(entity: link.relationship.destinationIndex, key: link.target)
                setLink(owner, relationship: link.relationship, to: other, linked: link.linked)
            case let .delete(entity, key):
                let object = registeredOrFault(entity: entity.index, key: key)
                if object.state.contains(.inserted) {
                    noteChange(object)
                    forget(object)
                } else {
                    if object.state.contains(.fault) { loadFaultNotingFailure(object) }
                    noteChange(object)
                    object.state.insert(.deleted)
                }
            }
        }
        // The event names what the save touched and what it changed here.
        let changes = takeUnreportedChanges()
        if let lists = changes?.lists() {
            var changedKeys = changeSet.changedKeys
            changedKeys.merge(lists.changedKeys) { $0.union($1) }
            record(.childSave, inserted: changeSet.insertedObjectIDs.union(lists.inserted), changedKeys: changedKeys,
                   deleted: changeSet.deletedObjectIDs.union(lists.deleted), changeSet: changeSet)
        } else {
            stream.sequenceNumber += 1
        }
        forward(changeSet)
        return stream.sequenceNumber
    }

    /// Publishes this context's own save, into the store or its parent: first merges the waiting
    /// change sets marked before it (so the stream follows commit order), then records the save
    /// event, passes the change set on to the merging children and delivers the events.
    private func publish(_ changeSet: ChangeSet, mark: Int64, refreshed: Set<ObjectID>, invalidated: Set<ObjectID>) {
        mergeWaitingChangeSets(below: mark)
        mergedMark = max(mergedMark, mark)
        record(.save, inserted: changeSet.insertedObjectIDs, updates: changeSet.updates, deleted: changeSet.deletedObjectIDs,
               refreshed: refreshed, invalidated: invalidated, changeSet: changeSet)
        if !changeSet.isEmpty { forward(changeSet) }
        deliverChanges()
    }

    /// Removes an object from the context for good: it is unregistered, marked `state` (deleted
    /// and unusable by default), and detached from the context, so that writing to it afterwards
    /// changes nothing the context would save.
    func forget(_ object: ManagedObject, as state: ObjectState = [.invalid, .deleted]) {
        registered.removeValue(forKey: object.objectID)
        if object.observation != nil { detachedObservedObjects.append(object) }
        object.detach(as: state)
    }

    /// Ends a save (or one that found nothing to save): the saved objects are no longer pending
    /// or waiting to be reported (the save event reports them), and the unsaved work is gone.
    func finishSave() {
        for object in unreported {
            object.state.subtract([.reported, .wasShown, .unannounced])
            object.reportBase = []
        }
        for object in unsaved.objects.listed {
            object.state.subtract([.pending, .reported])
            // Inserted and deleted before any save: it never existed.
            if object.state.contains(.inserted) && object.state.contains(.deleted) {
                forget(object)
            }
        }
        unsaved.discard()
        unreported.removeAll()
    }

    /// To-many relationships whose members change through unsaved changes of the other side,
    /// as (destination object ID, relationship name) pairs.
    func derivedToManyChanges() -> [(ObjectID, String)] {
        var result: [(ObjectID, String)] = []
        for object in livePending {
            let inserted = object.state.contains(.inserted), deleted = object.state.contains(.deleted)
            if inserted && deleted { continue }
            object.entityDescription.forEachToManyInverseChange(
                before: inserted ? nil : object.committedValues, after: deleted ? nil : object.values
            ) { relationship, key, inverseName in
                result.append((objectID(entity: relationship.destinationIndex, key: key), inverseName))
            }
        }
        return result
    }
}

/// One change a child context pushes into its parent.
enum ChildPush {
    case insert(entity: EntityDescription, key: Int64, values: ContiguousArray<DatabaseValue>)
    case update(entity: EntityDescription, key: Int64, columns: [Int], values: [DatabaseValue])
    case delete(entity: EntityDescription, key: Int64)
    case link(CommitBatch.Link)
}
