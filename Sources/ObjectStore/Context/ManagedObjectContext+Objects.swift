import DiffableSupport
import GRDB

extension ManagedObjectContext {
    /// Inserts a new object of `type`, with the model's default values and a permanent ID.
    ///
    /// ```swift
    /// let event = try context.insert(Event.self)
    /// ```
    ///
    /// - Throws: ``ObjectStoreError`` when no key can be reserved in the store (an I/O failure).
    public func insert<Entity: ManagedObject>(_ type: Entity.Type) throws(ObjectStoreError) -> Entity {
        let construction = try insertionConstruction(for: type)
        let object = Entity(construction)
        registerInserted(object)
        object.awakeFromInsert()
        return object
    }

    func insertionConstruction(for type: ManagedObject.Type) throws(ObjectStoreError) -> ManagedObject.Construction {
        assertOnQueue()
        let entity = core.model.entity(for: type)
        let key = try core.allocateKey(entity: entity.index)
        return ManagedObject.Construction(
            objectID: objectID(entity: entity.index, key: key), entity: entity, context: self,
            values: entity.defaultValues, version: 0, state: .inserted)
    }

    /// Traps unless `objectID` names an entity of this context's store: an ID from another
    /// container would otherwise resolve to an unrelated object with the same key.
    func checkContainer(of objectID: ObjectID, _ function: StaticString = #function) {
        let entities = core.entityBindings
        let index = objectID.entity.index
        programmerPrecondition(index < entities.count && entities[index].number == objectID.binding,
                     "The object ID \(objectID), passed to \(function), belongs to another container; use IDs with the contexts of the container that made them, or look the URI up with managedObjectID(forURIRepresentation:).")
    }

    func registerInserted(_ object: ManagedObject) {
        registered.insert(object)
        object.state.insert(.unannounced)
        noteChange(object)
        registerUndo(.remove(object))
    }

    /// The object with `objectID`: the registered instance, or a fault whose values load on first
    /// access (no I/O here). If the object does not exist its properties read as defaults; use
    /// ``existingObject(with:)`` to check.
    ///
    /// - Precondition: `objectID` comes from this context's container.
    public func object(with objectID: ObjectID) -> ManagedObject {
        assertOnQueue()
        checkContainer(of: objectID)
        return registeredOrFault(entity: objectID.entity.index, key: objectID.key)
    }

    /// The object with `objectID`, loaded, or an error when it no longer exists.
    ///
    /// - Throws: ``ObjectStoreError/objectNotFound(_:)`` when neither this context nor its parent
    ///   (or store) has the object.
    /// - Precondition: `objectID` comes from this context's container.
    public func existingObject(with objectID: ObjectID) throws(ObjectStoreError) -> ManagedObject {
        assertOnQueue()
        checkContainer(of: objectID)
        if let object = registered[objectID] {
            try loadFault(object)
            if object.state.contains(.missing) || object.state.contains(.invalid) || object.state.contains(.deleted) {
                throw .objectNotFound(objectID)
            }
            return object
        }
        let entity = objectID.entity
        guard let row = try parentRows(entity: entity, keys: [objectID.key]).first else {
            throw .objectNotFound(objectID)
        }
        return self.object(from: row, entity: entity)
    }

    /// The object with `objectID` as an instance of `type`.
    public func existingObject<Entity: ManagedObject>(with objectID: ObjectID, as type: Entity.Type) throws(ObjectStoreError) -> Entity {
        guard let object = try existingObject(with: objectID) as? Entity else { throw .objectNotFound(objectID) }
        return object
    }

    /// Marks an object deleted and applies its relationships' delete rules (nullify and cascade
    /// now; deny is checked when saving). Deleting an object that is already deleted does nothing.
    ///
    /// - Precondition: `object` belongs to this context.
    public func delete(_ object: ManagedObject) {
        assertOnQueue()
        guard !object.state.contains(.invalid) else { return }
        programmerPrecondition(object.context === self, "The object \(object.objectID), passed to delete(_:), belongs to another context; use object(with:) to get it in this one.")
        guard !object.state.contains(.deleted) else { return }
        noteChange(object)
        object.state.insert(.deleted)
        object.prepareForDeletion()
        do {
            try loadFault(object)
            try applyDeleteRules(of: object)
        } catch {
            // Reading failed: the rules are applied (or the failure reported) by the next save.
            unsaved.deletesAwaitingRules.append(object)
        }
        // After what the rules did, so that an undo brings the object back before their reverse.
        registerUndo(.revive(object))
    }

    /// Whether any object was inserted, deleted or changed since the last save.
    public var hasChanges: Bool {
        assertOnQueue()
        return !unsaved.links.isEmpty || unsaved.objects.listed.contains { $0.state.contains(.pending) && $0.hasChangesToSave }
    }

    /// Objects inserted and not yet saved.
    public var insertedObjects: Set<ManagedObject> {
        assertOnQueue()
        return Set(livePending.filter { $0.state.contains(.inserted) && !$0.state.contains(.deleted) })
    }

    /// Objects deleted and not yet saved.
    public var deletedObjects: Set<ManagedObject> {
        assertOnQueue()
        return Set(livePending.filter { $0.state.contains(.deleted) && !$0.state.contains(.inserted) })
    }

    /// Objects with unsaved changes of attributes or relationships (including to-many
    /// relationships changed from the other side).
    public var updatedObjects: Set<ManagedObject> {
        assertOnQueue()
        var result = Set(livePending.filter { $0.isUpdated })
        for link in unsaved.links.keys {
            let owner = core.model.entities[link.entity]
            let relationship = owner.relationships[link.relationship]
            for (entity, key) in [(owner.index, link.source), (relationship.destinationIndex, link.target)] {
                if let object = registered[objectID(entity: entity, key: key)], object.state.isDisjoint(with: [.inserted, .deleted]) {
                    result.insert(object)
                }
            }
        }
        for (id, _) in derivedToManyChanges() {
            if let object = registered[id], !object.state.contains(.inserted), !object.state.contains(.deleted) {
                result.insert(object)
            }
        }
        return result
    }

    /// Every object the context holds (faults included).
    public var registeredObjects: Set<ManagedObject> {
        assertOnQueue()
        return Set(registered.values)
    }

    var livePending: [ManagedObject] {
        assertOnQueue()
        return unsaved.objects.all
    }

    /// Discards every unsaved change: inserted objects are removed, deleted and changed objects
    /// return to their last saved values.
    ///
    /// Records the changes made so far, then a ``ChangeEvent/Kind/rollback`` event: objects that
    /// return to their saved values are refreshed (and updated with the keys that changed back,
    /// or inserted again when their deletion is undone), removed inserts are deleted and
    /// invalidated. Observers receive both before the call returns.
    public func rollback() {
        assertOnQueue()
        recordPendingChanges()
        var changes = ObjectChanges(entityBindings: core.entityBindings)
        var refreshed: Set<ObjectID> = []
        var invalidated: Set<ObjectID> = []
        for object in unsaved.objects.all {
            let before = shownValues(of: object)
            if !object.state.isDisjoint(with: [.inserted, .goneFromParent]) {
                // Never saved, or deleted by a save merged meanwhile: nothing to return to.
                invalidated.insert(object.objectID)
                forget(object)
            } else {
                object.revertToCommittedValues()
                object.state.subtract([.deleted, .pending, .reported])
                refreshed.insert(object.objectID)
            }
            changes.record(entity: object.entityDescription, key: object.objectID.key, before: before, after: shownValues(of: object))
        }
        for link in unsaved.links.keys { noteLinkChange(link, in: &changes) }
        unsaved.discard()
        undoStorage?.removeAllActions()
        record(.rollback, changeObservers.isEmpty ? nil : changes, refreshed: refreshed, invalidated: invalidated)
        deliverChanges()
    }

    /// Forgets every object: registered objects become unusable and unsaved changes are lost.
    ///
    /// Records the changes made so far, then a ``ChangeEvent/Kind/reset`` event listing every
    /// object the context held as invalidated, and the objects whose unsaved changes were lost
    /// as the transition back to their saved state (inserts deleted, deletes inserted again,
    /// updates with their keys). Observers receive both before the call returns; fetch again.
    public func reset() {
        assertOnQueue()
        recordPendingChanges()
        let observed = !changeObservers.isEmpty
        var changes = ObjectChanges(entityBindings: core.entityBindings)
        var invalidated: Set<ObjectID> = []
        if observed {
            for object in unsaved.objects.all {
                let after = object.state.isDisjoint(with: [.inserted, .missing, .goneFromParent]) ? object.committedValues : nil
                changes.record(entity: object.entityDescription, key: object.objectID.key, before: shownValues(of: object), after: after)
            }
            for link in unsaved.links.keys { noteLinkChange(link, in: &changes) }
        }
        for object in registered.values {
            if observed { invalidated.insert(object.objectID) }
            forget(object, as: [.invalid])
        }
        registered.removeAll()
        unsaved.discard()
        undoStorage?.removeAllActions()
        record(.reset, observed ? changes : nil, invalidated: invalidated)
        deliverChanges()
    }

    /// Reloads an object from the parent (or store).
    ///
    /// With `mergeChanges` the object's unsaved changes are re-applied on top of the fresh values;
    /// without, they are discarded and the object becomes a fault. Records the changes made so
    /// far, then a ``ChangeEvent/Kind/refresh`` event (the object refreshed, updated with the keys
    /// whose values it shows changed); observers receive both before the call returns.
    public func refresh(_ object: ManagedObject, mergeChanges: Bool) {
        assertOnQueue()
        guard object.context === self, !object.state.contains(.inserted) else { return }
        recordPendingChanges()
        let before = object.state.contains(.fault) ? nil : shownValues(of: object)
        if !mergeChanges {
            // It stays listed as pending (with nothing to save) rather than being searched for.
            // Its transient values, which no store holds, return to their defaults.
            object.revertToCommittedValues()
            if object.entityDescription.hasTransients {
                object.committedValues = object.entityDescription.resettingTransients(object.committedValues)
                object.values = object.committedValues
            }
            if object.state.contains(.goneFromParent) {
                // Its row is gone: it reads as missing, as a fault of it would.
                object.state.subtract([.deleted, .goneFromParent])
                object.state.insert(.missing)
            } else {
                object.state.subtract([.deleted, .missing])
                object.state.insert(.fault)
            }
        } else {
            let row: StoreRow?
            do {
                row = try parentRows(entity: object.entityDescription, keys: [object.objectID.key]).first
            } catch {
                noteReadFailure(error)
                return
            }
            guard let row else { return }
            let entity = object.entityDescription
            var values = entity.completed(row.values, transientsFrom: object.values)
            for column in object.changedColumns() { values[column] = object.values[column] }
            object.values = values
            object.committedValues = entity.completed(row.values, transientsFrom: object.committedValues)
            object.version = row.version
            object.conflictBase = [:]
            object.state.remove(.fault)
        }
        var changes = ObjectChanges(entityBindings: core.entityBindings)
        if let before {
            changes.record(entity: object.entityDescription, key: object.objectID.key, before: before, after: shownValues(of: object))
        }
        record(.refresh, changes, refreshed: [object.objectID])
        deliverChanges()
    }
}
