import DiffableSupport

extension ManagedObjectContext {
    // MARK: Observing

    /// Calls `observer` on the context's queue with every event of the context's change stream,
    /// in order, each once (see <doc:ChangeStream>).
    ///
    /// Events are delivered at the end of the queue turn that made them, or at the end of the
    /// public call that made them (`save()`, `rollback()`, `processPendingChanges()`…), never
    /// while the context or the store holds a lock: the observer may save, fetch and create
    /// contexts. Keep the token; the observation ends when it is cancelled or released.
    ///
    /// ```swift
    /// let token = context.addChangeObserver { event in
    ///     print(event.sequenceNumber, event.kind, event.updatedObjectIDs)
    /// }
    /// ```
    public func addChangeObserver(_ observer: @escaping @Sendable (ChangeEvent) -> Void) -> ObservationToken {
        changeObservers.add(observer)
    }

    /// Calls `observer` on the main actor with every event of the change stream of this
    /// main-queue context (the view context), as ``addChangeObserver(_:)`` does: main-actor code
    /// registers it and reads main-actor state in it directly.
    ///
    /// ```swift
    /// @MainActor final class EventsModel {
    ///     var changed: Set<ObjectID> = []
    ///     var token: ObservationToken?
    ///     init(container: PersistentContainer) {
    ///         token = container.viewContext.addMainActorChangeObserver { [weak self] event in
    ///             self?.changed.formUnion(event.updatedObjectIDs)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Precondition: the context runs on the main queue (``Concurrency/mainQueue``).
    @MainActor
    public func addMainActorChangeObserver(_ observer: @escaping @MainActor (ChangeEvent) -> Void) -> ObservationToken {
        programmerPrecondition(concurrency == .mainQueue, "The \(identifier) runs on a private queue, so addMainActorChangeObserver(_:) cannot observe it on the main actor; use addChangeObserver(_:) and hop to the main actor.")
        return changeObservers.add { event in
            MainActor.assumeIsolated { observer(event) }
        }
    }

    /// The events of the context's change stream (see ``addChangeObserver(_:)``) as an
    /// asynchronous sequence, from the next event on; buffered without limit, so none is missed.
    /// It ends when the context is released.
    ///
    /// ```swift
    /// for await event in container.viewContext.changeEvents() { … }
    /// ```
    public func changeEvents() -> AsyncStream<ChangeEvent> {
        changeObservers.stream()
    }

    /// The sequence number of the last event of the context's change stream (0 before the
    /// first). Events numbered above it have not happened yet.
    public var changeSequenceNumber: Int64 {
        assertOnQueue()
        return stream.sequenceNumber
    }

    /// Reports the unsaved changes made since the last event now, instead of at the end of the
    /// turn, and delivers the events waiting for delivery (Core Data's `processPendingChanges`).
    ///
    /// Changes are collected whether or not anyone observes them, so an observer added later
    /// receives every change from the next event on.
    public func processPendingChanges() {
        assertOnQueue()
        recordPendingChanges()
        deliverChanges()
    }

    // MARK: Recording

    /// Records the changes made since the last event (objects and links) as one pending-changes
    /// event; nothing when there are none.
    func recordPendingChanges() {
        guard !unreported.isEmpty || !unreportedLinks.isEmpty else { return }
        let changes = takeUnreportedChanges()
        record(.pendingChanges, changes)
    }

    /// The changes of the objects and links noted since the last event, with what the context
    /// showed of each before; clears them. (Computed only when someone observes the stream.)
    func takeUnreportedChanges() -> ObjectChanges? {
        let observed = !changeObservers.isEmpty
        var changes = ObjectChanges(entityBindings: core.entityBindings)
        for object in unreported {
            if observed {
                let before = object.state.contains(.wasShown) ? object.reportBase : nil
                changes.record(entity: object.entityDescription, key: object.objectID.key, before: before, after: shownValues(of: object))
            }
            object.state.subtract([.reported, .wasShown, .unannounced])
            object.reportBase = []
        }
        unreported.removeAll()
        if observed {
            for link in unreportedLinks { noteLinkChange(link, in: &changes) }
        }
        unreportedLinks.removeAll()
        return observed ? changes : nil
    }

    /// Adds a changed many-to-many link to `changes`: both ends changed.
    func noteLinkChange(_ link: LinkKey, in changes: inout ObjectChanges) {
        let owner = core.model.entities[link.entity]
        changes.linked(owner: owner, relationship: owner.relationships[link.relationship], source: link.source, target: link.target)
    }

    /// Records a computed transition: `changes` is nil when nobody observed the stream while it
    /// was computed (the transition is numbered all the same).
    func record(
        _ kind: ChangeEvent.Kind, _ changes: ObjectChanges?,
        refreshed: Set<ObjectID> = [], invalidated: Set<ObjectID> = [], changeSet: ChangeSet? = nil
    ) {
        guard let changes else {
            stream.sequenceNumber += 1
            return
        }
        let lists = changes.lists()
        record(kind, inserted: lists.inserted, changedKeys: lists.changedKeys, deleted: lists.deleted,
               refreshed: refreshed, invalidated: invalidated, changeSet: changeSet)
    }

    /// Numbers one event of the stream and queues it for its observers; an event that lists
    /// nothing is not recorded (a reset or a resync always is).
    func record(
        _ kind: ChangeEvent.Kind, inserted: Set<ObjectID>, changedKeys: [ObjectID: Set<String>], deleted: Set<ObjectID>,
        refreshed: Set<ObjectID> = [], invalidated: Set<ObjectID> = [], changeSet: ChangeSet? = nil, storeGeneration: Int64? = nil
    ) {
        record(kind, inserted: inserted, updates: UpdatedObjects(changedKeys: changedKeys), deleted: deleted,
               refreshed: refreshed, invalidated: invalidated, changeSet: changeSet, storeGeneration: storeGeneration)
    }

    /// ``record(_:inserted:changedKeys:deleted:refreshed:invalidated:changeSet:storeGeneration:)``
    /// with the updated objects as a change set holds them.
    func record(
        _ kind: ChangeEvent.Kind, inserted: Set<ObjectID>, updates: UpdatedObjects, deleted: Set<ObjectID>,
        refreshed: Set<ObjectID> = [], invalidated: Set<ObjectID> = [], changeSet: ChangeSet? = nil, storeGeneration: Int64? = nil
    ) {
        let isEmpty = inserted.isEmpty && updates.isEmpty && deleted.isEmpty && refreshed.isEmpty && invalidated.isEmpty
        guard !isEmpty || kind == .reset || kind == .resync else { return }
        stream.sequenceNumber += 1
        guard !changeObservers.isEmpty else { return }
        stream.undelivered.append(ChangeEvent(
            sequenceNumber: stream.sequenceNumber, context: identifier, kind: kind,
            insertedObjectIDs: inserted, updates: updates, deletedObjectIDs: deleted,
            refreshedObjectIDs: refreshed, invalidatedObjectIDs: invalidated, changeSet: changeSet, storeGeneration: storeGeneration))
        stream._checkInvariants()
        scheduleTurnEnd()
    }

    // MARK: Delivering

    /// Delivers the recorded events to the observers, in order, unless a delivery further up the
    /// stack is doing so (an observer's own calls then add to it).
    func deliverChanges() {
        guard !stream.isDelivering, !stream.undelivered.isEmpty else { return }
        stream.isDelivering = true
        var index = 0
        while index < stream.undelivered.count {
            let event = stream.undelivered[index]
            index += 1
            changeObservers.notify(event)
        }
        stream.undelivered.removeAll()
        stream.isDelivering = false
    }

    /// Queues the end of the current turn: record the pending changes and deliver the events.
    func scheduleTurnEnd() {
        guard !stream.turnEndScheduled else { return }
        stream.turnEndScheduled = true
        queue.async { [weak self] in
            guard let self else { return }
            stream.turnEndScheduled = false
            endUndoTurn()
            recordPendingChanges()
            deliverChanges()
        }
    }
}
