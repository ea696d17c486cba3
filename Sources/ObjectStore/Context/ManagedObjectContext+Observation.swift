extension ManagedObjectContext {
    // MARK: Following one object

    /// The changes of the object with `objectID` as this context shows them, each once, in
    /// order: which keys changed, that it was deleted, inserted again or read again. Built from
    /// the context's change stream (see ``addChangeObserver(_:)``), from the next event on.
    ///
    /// The sequence ends once the object is gone for good (its deletion saved or merged, or its
    /// insertion discarded), or when the context is released. Iterate it on any actor; it needs
    /// no user interface:
    ///
    /// ```swift
    /// let changes = context.changes(for: eventID)   // follows the event from here on
    /// for await change in changes {
    ///     if change.kind == .deleted { close() } else if change.changedKeys.contains("title") { retitle() }
    /// }
    /// ```
    ///
    /// A save of this context is not listed again: its changes were listed as they were made.
    public func changes(for objectID: ObjectID) -> AsyncStream<ObjectChange> {
        changeObservers.stream { event, continuation in
            guard let change = ObjectChange(of: objectID, in: event) else { return }
            continuation.yield(change)
            if change.isFinal { continuation.finish() }
        }
    }

    // MARK: Observation tracking

    /// Starts notifying the observation registrars of this context's objects from the change
    /// stream (once per context).
    func startNotifyingObservedObjects() {
        guard objectNotifications == nil else { return }
        objectNotifications = changeObservers.add { [weak self] event in
            self?.notifyObservedObjects(of: event)
        }
    }

    /// Tells the registrars of the observed objects an event touched which of their properties
    /// changed: the changed keys of updated objects, every property read of objects deleted,
    /// inserted again, gone from the context or read again with unknown changes.
    func notifyObservedObjects(of event: ChangeEvent) {
        assertOnQueue()
        let detached = detachedObservedObjects
        detachedObservedObjects = []
        for object in detached { object.observation?.notifyAll(object) }
        if event.kind == .save {
            // The saved changes were notified as pending changes; the merge policy may have
            // given some objects the store's values, changing keys that are not known.
            notifyAll(event.refreshedObjectIDs)
            notifyDerivedKeys(of: event)
            return
        }
        if event.hasUpdatedObjects {
            event.forEachUpdatedObject { id, keys in
                if let object = registered[id], let observation = object.observation {
                    observation.notify(object, keys: keys)
                }
            }
        }
        notifyAll(event.insertedObjectIDs)
        notifyAll(event.deletedObjectIDs)
        if event.kind == .resync {
            // Read again: which keys changed is not known.
            notifyAll(event.refreshedObjectIDs)
        }
    }

    /// Notifies the derived keys a save's commit changed, which no pending change notified.
    private func notifyDerivedKeys(of event: ChangeEvent) {
        guard event.hasUpdatedObjects else { return }
        event.forEachUpdatedObject { id, keys in
            guard let object = registered[id], let observation = object.observation else { return }
            let derived = keys.intersection(object.entityDescription.derivedNames)
            if !derived.isEmpty { observation.notify(object, keys: derived) }
        }
    }

    private func notifyAll(_ ids: Set<ObjectID>) {
        for id in ids {
            if let object = registered[id], let observation = object.observation {
                observation.notifyAll(object)
            }
        }
    }
}
