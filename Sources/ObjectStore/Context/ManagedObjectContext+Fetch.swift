extension ManagedObjectContext {
    /// The objects a request selects, registered in this context (one instance per ID).
    ///
    /// Values are loaded in one query; objects already registered keep their in-memory values.
    ///
    /// - Complexity: one SQL query plus O(n) to materialise n objects; with unsaved changes of the
    ///   entity, O(n log n) to merge and re-sort them.
    public func fetch<Entity: ManagedObject>(_ request: FetchRequest<Entity>) throws(ObjectStoreError) -> [Entity] {
        assertOnQueue()
        let entity = core.model.entity(for: Entity.self)
        let query = request.storeQuery(entity: entity)
        var result: [Entity] = []
        // Objects of this entity are instances of exactly `Entity` (the model maps one class to
        // one entity), so the downcasts below cannot fail.
        if parent == nil && (!request.includesPendingChanges || pendingObjects(of: entity).isEmpty) {
            // Fast path: rows straight from the store, then objects. (Building objects inside the
            // cursor loop measured slower.) In an empty context every row is new, so no uniquing
            // lookup is needed.
            var rows: [StoreRow] = []
            try core.store.forEachRow(query) { rows.append($0) }
            let wasEmpty = registered.isEmpty
            registered.reserveCapacity(rows.count, entity: entity.index)
            result.reserveCapacity(rows.count)
            for row in rows {
                let object = wasEmpty ? makeObject(row, entity: entity) : materialize(row, entity: entity)
                result.append(unsafeDowncast(object, to: Entity.self))
            }
            return result
        }
        let rows = try resolvedRows(query, selection: .rows, includesPending: request.includesPendingChanges)
        result.reserveCapacity(rows.count)
        for row in rows {
            result.append(unsafeDowncast(materialize(row, entity: entity), to: Entity.self))
        }
        return result
    }

    /// Every object of an entity.
    public func fetch<Entity: ManagedObject>(_ type: Entity.Type) throws(ObjectStoreError) -> [Entity] {
        try fetch(FetchRequest<Entity>())
    }

    /// The IDs of the objects a request selects, without materialising any object.
    ///
    /// Only the key and the sort columns are read.
    public func fetchObjectIDs<Entity: ManagedObject>(_ request: FetchRequest<Entity>) throws(ObjectStoreError) -> [ObjectID] {
        assertOnQueue()
        let entity = core.model.entity(for: Entity.self)
        let storeEntity = core.store.storeEntities[entity.index]
        let query = request.storeQuery(entity: entity)
        if parent == nil && (!request.includesPendingChanges || pendingObjects(of: entity).isEmpty) {
            // Fast path: keys straight from the cursor, sort columns left unread.
            var result: [ObjectID] = []
            try core.store.forEachKey(query) { result.append(ObjectID(storeEntity: storeEntity, key: $0)) }
            return result
        }
        let rows = try resolvedRows(query, selection: .keys, includesPending: request.includesPendingChanges)
        return rows.map { ObjectID(storeEntity: storeEntity, key: $0.key) }
    }

    /// The number of objects a request selects.
    public func count<Entity: ManagedObject>(for request: FetchRequest<Entity>) throws(ObjectStoreError) -> Int {
        assertOnQueue()
        let entity = core.model.entity(for: Entity.self)
        return try resolvedCount(request.storeQuery(entity: entity), includesPending: request.includesPendingChanges)
    }
}
