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
    /// - Throws: ``ObjectStoreError/validation(_:)`` (a nil non-optional value, a deny delete
    ///   rule, a uniqueness constraint), ``ObjectStoreError/saveConflict(_:)`` (another context
    ///   saved the same keys since this one read them, under the `.error` merge policy), or an
    ///   I/O error: of the save itself, of reading what a delete rule reaches, or of a read since
    ///   the last save that could not throw (a property getter's), which is reported once.
    public func save() throws(ObjectStoreError) {
        assertOnQueue()
        // Observers see the unsaved changes first: what they change is saved too.
        processPendingChanges()
        try applyAwaitingDeleteRules()
        // The changes observers and delete rules made are reported before the save.
        recordPendingChanges()
        if let failure = takeReadFailure() { throw failure }
        let changes = changesToSave()
        guard !changes.isEmpty || !pendingLinks.isEmpty else {
            clearPending()
            return
        }
        try validate(changes.map(\.object))
        if let parent {
            try saveIntoParent(parent, changes)
        } else {
            try saveToStore(changes)
        }
    }

    /// An object with something to save; for an update, its changed columns (found once per save).
    private struct Change {
        let object: ManagedObject
        let columns: [Int]
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
        while index < deletesAwaitingRules.count {
            let object = deletesAwaitingRules[index]
            if object.state.contains(.deleted) && !object.state.contains(.invalid) {
                try loadFault(object)
                try applyDeleteRules(of: object)
            }
            index += 1
        }
        deletesAwaitingRules.removeAll()
    }

    private func validate(_ objects: [ManagedObject]) throws(ObjectStoreError) {
        var failures: [ValidationFailure] = []
        for object in objects {
            let entity = object.entityDescription
            if object.state.contains(.deleted) {
                for relationship in entity.relationships where relationship.deleteRule == .deny {
                    let related = try relatedObjects(of: object, relationship: relationship).filter { !$0.state.contains(.deleted) }
                    if !related.isEmpty {
                        failures.append(.deleteDenied(object.objectID, relationship: relationship.name, related: related.map(\.objectID)))
                    }
                }
                continue
            }
            for attribute in entity.attributes where !attribute.isOptional && object.values[attribute.column].isNull {
                failures.append(.missingValue(object.objectID, key: attribute.name))
            }
            for relationship in entity.relationships where !relationship.isOptional {
                if let column = relationship.column, object.values[column].isNull {
                    failures.append(.missingValue(object.objectID, key: relationship.name))
                }
            }
        }
        if !failures.isEmpty { throw .validation(failures) }
    }

    private func saveToStore(_ changes: [Change]) throws(ObjectStoreError) {
        var batch = CommitBatch()
        var updatedObjects: [ManagedObject] = []
        var deletedObjects: [ManagedObject] = []
        var insertedObjects: [ManagedObject] = []
        for change in changes {
            let object = change.object
            let entity = object.entityDescription
            if object.state.contains(.inserted) {
                batch.inserts.append(.init(entity: entity, key: object.objectID.key, values: object.values))
                insertedObjects.append(object)
            } else if object.state.contains(.deleted) {
                batch.deletes.append(.init(entity: entity, key: object.objectID.key, expectedVersion: object.version, snapshot: object.lockingSnapshot))
                deletedObjects.append(object)
            } else {
                batch.updates.append(.init(
                    entity: entity, key: object.objectID.key, expectedVersion: object.version,
                    snapshot: object.lockingSnapshot, values: object.values,
                    changedColumns: object.conflictBase.isEmpty
                        ? change.columns : Array(Set(change.columns).union(object.conflictBase.keys)).sorted()))
                updatedObjects.append(object)
            }
        }
        batch.links = pendingLinkChanges()
        core.commitLock.lock()
        let outcome: CommitOutcome
        do {
            outcome = try core.store.commit(batch, policy: mergePolicy) { core.publication.begin($0) }
        } catch {
            core.publication.end()
            core.commitLock.unlock()
            throw error
        }
        var builder = ChangeSetBuilder(store: core.store)
        // Objects whose values or presence the merge policy changed.
        var refreshed: Set<ObjectID> = []
        var invalidated: Set<ObjectID> = []
        for insert in batch.inserts {
            builder.inserted(entity: insert.entity, key: insert.key, after: insert.values)
        }
        for (link, changed) in zip(batch.links, outcome.linksChanged) where changed {
            builder.linked(link)
        }
        for (index, result) in outcome.deletes.enumerated() {
            let object = deletedObjects[index]
            switch result {
            case .deleted(let before):
                builder.deleted(entity: object.entityDescription, key: object.objectID.key, before: before)
                forget(object)
            case .alreadyGone:
                forget(object)
                invalidated.insert(object.objectID)
            case .kept(let row):
                object.load(row.values, version: row.version)
                object.state.remove(.deleted)
                refreshed.insert(object.objectID)
            }
        }
        for (index, result) in outcome.updates.enumerated() {
            let object = updatedObjects[index]
            switch result {
            case let .written(before, after, columns, version):
                builder.updated(entity: object.entityDescription, key: object.objectID.key, before: before, after: after, columns: columns, version: version)
                if !after.elementsEqual(object.values, by: StoredValueOrder.isSame) { refreshed.insert(object.objectID) }
                object.load(after, version: version)
            case let .reinserted(values, version):
                builder.inserted(entity: object.entityDescription, key: object.objectID.key, after: values)
                object.load(values, version: version)
            case .discarded(let row):
                object.load(row.values, version: row.version)
                refreshed.insert(object.objectID)
            case .deletedElsewhere:
                forget(object)
                invalidated.insert(object.objectID)
            }
        }
        for object in insertedObjects {
            object.state.remove(.inserted)
            object.load(object.values, version: 1)
        }
        clearPending()
        let changeSet = builder.changeSet(
            number: core.nextTransactionNumber(), originator: identifier, destination: .store)
        if !changeSet.isEmpty {
            core.storeChanges.enqueue(changeSet)
            for context in core.roots where context !== self && context.automaticallyMergesChangesFromParent {
                context.enqueueMerge(changeSet, mark: outcome.generation)
            }
        }
        core.publication.end()
        core.commitLock.unlock()
        publish(changeSet, mark: outcome.generation, refreshed: refreshed, invalidated: invalidated)
        core.storeChanges.drain()
    }

    private func saveIntoParent(_ parent: ManagedObjectContext, _ changes: [Change]) throws(ObjectStoreError) {
        var builder = ChangeSetBuilder(store: core.store)
        var pushes: [ChildPush] = []
        for change in changes {
            let object = change.object
            let entity = object.entityDescription
            let key = object.objectID.key
            if object.state.contains(.inserted) {
                builder.inserted(entity: entity, key: key, after: object.values)
                pushes.append(.insert(entity: entity, key: key, values: object.values))
            } else if object.state.contains(.deleted) {
                builder.deleted(entity: entity, key: key, before: object.snapshot)
                pushes.append(.delete(entity: entity, key: key))
            } else {
                let columns = change.columns
                builder.updated(entity: entity, key: key, before: object.snapshot, after: object.values, columns: columns, version: nil)
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
                object.snapshot = object.values
            }
        }
        clearPending()
        publish(changeSet, mark: mark, refreshed: [], invalidated: [])
    }

    /// Applies a child's saved changes to this context as unsaved changes of its own, records
    /// them as a child-save event and passes them on to the other children; returns the event's
    /// sequence number. Observers receive the event at the end of this context's turn.
    func absorb(_ pushes: [ChildPush], from changeSet: ChangeSet) -> Int64 {
        recordPendingChanges()
        for push in pushes {
            switch push {
            case let .insert(entity, key, values):
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
                    if object.state.contains(.fault) { fulfillFault(object) }
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
        record(.save, inserted: changeSet.insertedObjectIDs, changedKeys: changeSet.changedKeys, deleted: changeSet.deletedObjectIDs,
               refreshed: refreshed, invalidated: invalidated, changeSet: changeSet)
        if !changeSet.isEmpty { forward(changeSet) }
        deliverChanges()
    }

    /// Removes an object from the context for good: it is unregistered, marked `state` (deleted
    /// and unusable by default), and detached from the context, so that writing to it afterwards
    /// changes nothing the context would save.
    func forget(_ object: ManagedObject, as state: ObjectState = [.invalid, .deleted]) {
        registered.removeValue(forKey: object.objectID)
        // An object the next event reports keeps what it was shown as, to be reported as gone.
        object.state = state.union(object.state.intersection([.reported, .wasShown, .unannounced]))
        object.context = nil
    }

    func clearPending() {
        for object in unreported {
            object.state.subtract([.reported, .wasShown, .unannounced])
            object.reportBase = []
        }
        for object in pending.listed {
            object.state.subtract([.pending, .reported])
            // Inserted and deleted before any save: it never existed.
            if object.state.contains(.inserted) && object.state.contains(.deleted) {
                forget(object)
            }
        }
        pending.removeAll()
        unreported.removeAll()
        pendingLinks.removeAll()
    }

    /// To-many relationships whose members change through unsaved changes of the other side,
    /// as (destination object ID, relationship name) pairs.
    func derivedToManyChanges() -> [(ObjectID, String)] {
        var result: [(ObjectID, String)] = []
        for object in livePending {
            let inserted = object.state.contains(.inserted), deleted = object.state.contains(.deleted)
            if inserted && deleted { continue }
            object.entityDescription.forEachToManyInverseChange(
                before: inserted ? nil : object.snapshot, after: deleted ? nil : object.values
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
