extension ManagedObjectContext {
    /// Calls `observer` on the context's queue with every change set that reaches the context:
    /// its own saves and the change sets it merges, in transaction order, each before the next.
    ///
    /// Keep the token; the observation ends when it is cancelled or released.
    public func addChangeSetObserver(_ observer: @escaping @Sendable (ChangeSet) -> Void) -> ObservationToken {
        changeSetObservers.add(observer)
    }

    /// The change sets that reach the context (see ``addChangeSetObserver(_:)``) as an
    /// asynchronous sequence; buffered without limit, so none is missed. It ends when the
    /// context is released.
    public func changeSets() -> AsyncStream<ChangeSet> {
        changeSetObservers.stream()
    }

    /// Calls `observer` on the context's queue with the context's unsaved changes, batched per
    /// turn of its queue (Core Data's objects-did-change).
    public func addObjectsDidChangeObserver(_ observer: @escaping @Sendable (ObjectsDidChange) -> Void) -> ObservationToken {
        objectsDidChangeObservers.add(observer)
    }

    /// The objects-did-change notices of the context as an asynchronous sequence; it ends when the
    /// context is released.
    public func objectsDidChangeNotices() -> AsyncStream<ObjectsDidChange> {
        objectsDidChangeObservers.stream()
    }

    /// Publishes the changes made since the last notice now, instead of at the end of the turn.
    ///
    /// Changes are collected whether or not anyone observes them, so an observer added later
    /// receives every change from the next processing on.
    public func processPendingChanges() {
        assertOnQueue()
        processingScheduled = false
        guard !unreported.isEmpty || !unreportedRefreshed.isEmpty || !unreportedInvalidated.isEmpty else { return }
        guard !objectsDidChangeObservers.isEmpty else {
            for object in unreported { object.state.remove(.reported) }
            unreported.removeAll()
            unreportedRefreshed.removeAll()
            unreportedInvalidated.removeAll()
            return
        }
        var inserted: Set<ObjectID> = [], updated: Set<ObjectID> = [], deleted: Set<ObjectID> = []
        for object in unreported {
            object.state.remove(.reported)
            if object.state.contains(.invalid) { continue }
            if object.state.contains(.deleted) {
                deleted.insert(object.objectID)
            } else if object.state.contains(.inserted) {
                inserted.insert(object.objectID)
            } else {
                updated.insert(object.objectID)
            }
        }
        let notice = ObjectsDidChange(
            context: identifier,
            insertedObjectIDs: inserted,
            updatedObjectIDs: updated,
            deletedObjectIDs: deleted,
            refreshedObjectIDs: unreportedRefreshed,
            invalidatedObjectIDs: unreportedInvalidated)
        unreported.removeAll()
        unreportedRefreshed.removeAll()
        unreportedInvalidated.removeAll()
        objectsDidChangeObservers.notify(notice)
    }
}
