import GRDB

extension ManagedObjectContext {
    /// The objects a request selects, registered in this context (one instance per ID).
    ///
    /// Values are loaded in one query; objects already registered keep their in-memory values.
    /// With a ``FetchRequest/fetchBatchSize`` only the IDs are read now and objects are
    /// materialised batch by batch as the result is read.
    ///
    /// The result is what the context shows at one point of its change stream,
    /// ``FetchedObjects/sequenceNumber``: follow with the events numbered above it (see
    /// <doc:ChangeStream>).
    ///
    /// - Complexity: one SQL query plus O(n) to materialise n objects; with unsaved changes of the
    ///   entity, O(n log n) to merge and re-sort them.
    /// - Throws: ``ObjectStoreError/invalidFetchRequest(_:)`` when a key or type does not fit the
    ///   entity; store errors.
    public func fetch<Entity: ManagedObject>(_ request: FetchRequest<Entity>) throws(ObjectStoreError) -> FetchedObjects<Entity> {
        assertOnQueue()
        let entity = core.model.entity(for: Entity.self)
        let query = try storeQuery(for: request, entity: entity)
        let prefetch = try prefetchPaths(request, entity: entity)
        let storage = try consistentRead { () throws(ObjectStoreError) -> FetchedObjectsStorage in
            try fetchStorage(request, query: query, prefetch: prefetch)
        }
        storage.sequenceNumber = stream.sequenceNumber
        return FetchedObjects(storage: storage)
    }

    /// The objects (or, with a batch size, the keys) a request selects, as the context shows them
    /// now.
    private func fetchStorage<Entity: ManagedObject>(_ request: FetchRequest<Entity>, query: StoreQuery, prefetch: [[RelationshipDescription]]) throws(ObjectStoreError) -> FetchedObjectsStorage {
        let entity = query.entity
        let includesPending = request.includesPendingChanges
        if request.fetchBatchSize > 0 {
            let keys = try resolvedRows(query, selection: .ids, includesPending: includesPending).map(\.key)
            return FetchedObjectsStorage(context: self, entity: entity, keys: keys, batchSize: request.fetchBatchSize, prefetch: prefetch)
        }
        var objects: [ManagedObject] = []
        // Objects of this entity are instances of exactly `Entity` (the model maps one class to
        // one entity), so the downcasts of `FetchedObjects` cannot fail.
        if parent == nil && !needsOverlay(query, includesPending: includesPending) {
            // Fast path: rows straight from the store, then objects. (Building objects inside the
            // cursor loop measured slower.) In an empty context every row is new, so no uniquing
            // lookup is needed.
            var rows: [StoreRow] = []
            try core.store.forEachRow(query, mark: storeMark) { rows.append($0) }
            // Merged first, so that objects already registered take what the rows saw.
            catchUpWithReads()
            let wasEmpty = registered.isEmpty
            registered.reserveCapacity(rows.count, entity: entity.index)
            objects.reserveCapacity(rows.count)
            for row in rows {
                objects.append(wasEmpty ? registerObject(from: row, entity: entity) : self.object(from: row, entity: entity))
            }
        } else {
            let rows = try resolvedRows(query, selection: .rows, includesPending: includesPending)
            objects.reserveCapacity(rows.count)
            for row in rows {
                objects.append(self.object(from: row, entity: entity))
            }
        }
        try self.prefetch(prefetch, of: objects)
        return FetchedObjectsStorage(context: self, entity: entity, objects: objects)
    }

    /// Every object of an entity.
    public func fetch<Entity: ManagedObject>(_ type: Entity.Type) throws(ObjectStoreError) -> FetchedObjects<Entity> {
        try fetch(FetchRequest<Entity>())
    }

    /// The IDs of the objects a request selects, without materialising any object.
    ///
    /// Only the keys (and, to merge unsaved changes, the sort values) are read. The result is what
    /// the context shows at ``changeSequenceNumber`` as it reads right after the call (or use
    /// ``executeReportingSequenceNumber(_:)``).
    public func fetchObjectIDs<Entity: ManagedObject>(_ request: FetchRequest<Entity>) throws(ObjectStoreError) -> [ObjectID] {
        assertOnQueue()
        let entity = core.model.entity(for: Entity.self)
        let query = try storeQuery(for: request, entity: entity)
        let binding = core.entityBindings[entity.index]
        return try consistentRead { () throws(ObjectStoreError) -> [ObjectID] in
            if parent == nil && !needsOverlay(query, includesPending: request.includesPendingChanges) {
                // Fast path: keys straight from the cursor.
                var result: [ObjectID] = []
                try core.store.forEachKey(query, mark: storeMark) { result.append(ObjectID(binding: binding, key: $0)) }
                return result
            }
            let rows = try resolvedRows(query, selection: .ids, includesPending: request.includesPendingChanges)
            return rows.map { ObjectID(binding: binding, key: $0.key) }
        }
    }

    /// The number of objects a request selects, at ``changeSequenceNumber`` as it reads right
    /// after the call.
    public func count<Entity: ManagedObject>(for request: FetchRequest<Entity>) throws(ObjectStoreError) -> Int {
        assertOnQueue()
        let entity = core.model.entity(for: Entity.self)
        let query = try storeQuery(for: request, entity: entity)
        return try consistentRead { () throws(ObjectStoreError) -> Int in
            try resolvedCount(query, includesPending: request.includesPendingChanges)
        }
    }

    /// Runs a request and returns what its ``FetchRequest/resultType`` asks for.
    ///
    /// ```swift
    /// request.resultType = .dictionaries
    /// request.propertiesToFetch = ["title", "sport.name"]
    /// if case .dictionaries(let rows) = try context.execute(request) { … }
    /// ```
    public func execute<Entity: ManagedObject>(_ request: FetchRequest<Entity>) throws(ObjectStoreError) -> FetchResult<Entity> {
        switch request.resultType {
        case .managedObjects: .objects(try fetch(request))
        case .managedObjectIDs: .objectIDs(try fetchObjectIDs(request))
        case .dictionaries: .dictionaries(try fetchDictionaries(request))
        case .count: .count(try count(for: request))
        }
    }

    /// Runs a request like ``execute(_:)->FetchResult<Entity>``, and says which point of the context's change stream
    /// the result reflects: the sequence number of the last event it includes.
    ///
    /// Every kind of result (objects, IDs, dictionaries, a count) is what the context shows at
    /// that point, unsaved changes included as the request asks. An observer that fetches, then
    /// applies the events numbered above `sequenceNumber`, never misses nor repeats a change,
    /// whatever other contexts save meanwhile (see <doc:ChangeStream>).
    ///
    /// ```swift
    /// var request = FetchRequest<Event>(predicate: live)
    /// request.resultType = .managedObjectIDs
    /// let (result, position) = try context.executeReportingSequenceNumber(request)
    /// let token = context.addChangeObserver { event in
    ///     guard event.sequenceNumber > position else { return }   // already in the result
    ///     …
    /// }
    /// ```
    public func executeReportingSequenceNumber<Entity: ManagedObject>(_ request: FetchRequest<Entity>) throws(ObjectStoreError) -> (result: FetchResult<Entity>, sequenceNumber: Int64) {
        let result = try execute(request)
        return (result, stream.sequenceNumber)
    }

    // MARK: Helpers

    /// The request compiled for `entity`, with key and type errors as ``ObjectStoreError``.
    func storeQuery<Entity: ManagedObject>(for request: FetchRequest<Entity>, entity: EntityDescription) throws(ObjectStoreError) -> StoreQuery {
        do {
            return try request.storeQuery(entity: entity)
        } catch {
            throw .invalidFetchRequest(error)
        }
    }

    /// Whether unsaved changes in this context can change the query's result.
    func needsOverlay(_ query: StoreQuery, includesPending: Bool) -> Bool {
        guard includesPending else { return false }
        return unsaved.objects.containsObjects(ofEntity: query.entity.index) || query.relatedEntities.contains(where: unsaved.objects.containsObjects)
    }

    /// The objects with `keys` (in order): registered objects as they are, the others loaded with
    /// one query per 500; keys without a row give objects marked missing.
    func loadObjects(entity: EntityDescription, keys: [Int64]) throws(ObjectStoreError) -> [ManagedObject] {
        var missing: [Int64] = []
        for key in keys {
            if let object = registered[objectID(entity: entity.index, key: key)], !object.state.contains(.fault) { continue }
            missing.append(key)
        }
        if !missing.isEmpty {
            for row in try parentRows(entity: entity, keys: missing) { _ = self.object(from: row, entity: entity) }
        }
        return keys.map { key in
            let object = registeredOrFault(entity: entity.index, key: key)
            if object.state.contains(.fault) {
                object.state.remove(.fault)
                object.state.insert(.missing)
            }
            return object
        }
    }

    /// ``loadObjects(entity:keys:)`` for callers that cannot throw: when reading fails the objects
    /// not loaded yet stay faults (they load on first access) and the error is recorded (see
    /// ``noteReadFailure(_:)``).
    func objectsNotingFailure(entity: EntityDescription, keys: [Int64]) -> [ManagedObject] {
        do {
            return try loadObjects(entity: entity, keys: keys)
        } catch {
            noteReadFailure(error)
            return keys.map { registeredOrFault(entity: entity.index, key: $0) }
        }
    }
}
