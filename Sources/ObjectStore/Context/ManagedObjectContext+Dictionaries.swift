import GRDB

extension ManagedObjectContext {
    /// One dictionary per object a request selects, holding the request's
    /// ``FetchRequest/propertiesToFetch`` (every attribute when nil), keyed as requested
    /// (`"sport.name"`); nil values are left out. To-one relationships give ``ObjectID``s.
    ///
    /// With ``FetchRequest/propertiesToGroupBy``, expressions (``ExpressionDescription``) or
    /// ``FetchRequest/returnsDistinctResults``, one dictionary per group instead (see
    /// <doc:GroupedFetches>).
    ///
    /// Values are read in one query (joining to-one relationships); with unsaved changes they are
    /// read from the objects in memory instead. The result is what the context shows at
    /// ``changeSequenceNumber`` as it reads right after the call.
    public func fetchDictionaries<Entity: ManagedObject>(_ request: FetchRequest<Entity>) throws(ObjectStoreError) -> [[String: any Sendable]] {
        assertOnQueue()
        if GroupedQuery.isGrouped(request) {
            let grouped = try groupedQuery(for: request)
            return try groupedRows(grouped, includesPending: request.includesPendingChanges).map { grouped.dictionary($0, context: self) }
        }
        let entity = core.model.entity(for: Entity.self)
        var query = try storeQuery(for: request, entity: entity)
        let keys = request.propertiesToFetch ?? entity.attributes.map { FetchKeyPath<Entity>($0.name) }
        let properties = try keys.map { (key) throws(ObjectStoreError) in try FetchedKey(key, entity: entity, role: "propertiesToFetch") }
        query.projections = properties.map(\.projection)
        let rows = try consistentRead { () throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>] in
            if parent == nil && !needsOverlay(projecting: query, includesPending: request.includesPendingChanges) {
                return try core.store.projectionRows(query, mark: storeMark)
            }
            return try projectedObjects(query, includesPending: request.includesPendingChanges).map(\.values)
        }
        return rows.map { values in
            var dictionary: [String: any Sendable] = [:]
            for (property, value) in zip(properties, values) {
                if let decoded = property.decoding.decode(value, self) { dictionary[property.name] = decoded }
            }
            return dictionary
        }
    }

    /// The key and the projections' values of each object `query` selects, read from the
    /// objects as the context shows them (unsaved changes included or not).
    func projectedObjects(_ query: StoreQuery, includesPending: Bool) throws(ObjectStoreError) -> [(key: Int64, values: ContiguousArray<DatabaseValue>)] {
        let keys = try resolvedRows(query, selection: .ids, includesPending: includesPending).map(\.key)
        let objects = try loadObjects(entity: query.entity, keys: keys)
        let source: ObjectValueSource = includesPending ? .current : .committed
        // Projections through to-one relationships load the related objects, as `source` has them.
        return try reportingReadFailures { () throws(ObjectStoreError) -> [(key: Int64, values: ContiguousArray<DatabaseValue>)] in
            zip(keys, objects).map { key, object in
                let values = ManagedObjectValues(object, source) ?? ManagedObjectValues(current: object)
                return (key, ContiguousArray(query.projections.map { $0.value(of: values) }))
            }
        }
    }
}
