import GRDB

extension ManagedObjectContext {
    /// One dictionary per object a request selects, holding the request's
    /// ``FetchRequest/propertiesToFetch`` (every attribute when nil), keyed as requested
    /// (`"sport.name"`); nil values are left out. To-one relationships give ``ObjectID``s.
    ///
    /// Values are read in one query (joining to-one relationships); with unsaved changes they are
    /// read from the objects in memory instead. The result is what the context shows at
    /// ``changeSequenceNumber`` as it reads right after the call.
    public func fetchDictionaries<Entity: ManagedObject>(_ request: FetchRequest<Entity>) throws(ObjectStoreError) -> [[String: any Sendable]] {
        assertOnQueue()
        let entity = core.model.entity(for: Entity.self)
        var query = try storeQuery(for: request, entity: entity)
        let properties = try fetchedProperties(request, entity: entity)
        query.projections = properties.map(\.projection)
        let rows = try consistentRead { () throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>] in
            if parent == nil && !needsOverlay(query, includesPending: request.includesPendingChanges) {
                return try core.store.projectionRows(query, mark: storeMark)
            }
            let keys = try resolvedRows(query, selection: .ids, includesPending: request.includesPendingChanges).map(\.key)
            let objects = try loadObjects(entity: entity, keys: keys)
            // Projections through to-one relationships load the related objects.
            return try reportingReadFailures { () throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>] in
                objects.map { object in
                    let values = ManagedObjectValues(current: object)
                    return ContiguousArray(query.projections.map { $0.value(of: values) })
                }
            }
        }
        return rows.map { values in
            var dictionary: [String: any Sendable] = [:]
            for (property, value) in zip(properties, values) {
                if let decoded = property.decode(value, self) { dictionary[property.name] = decoded }
            }
            return dictionary
        }
    }

    /// A property of a dictionary result: its name, where it is read, how it is decoded.
    private struct FetchedProperty {
        var name: String
        var projection: StoreQuery.Projection
        var decode: (DatabaseValue, ManagedObjectContext) -> (any Sendable)?
    }

    private func fetchedProperties<Entity: ManagedObject>(_ request: FetchRequest<Entity>, entity: EntityDescription) throws(ObjectStoreError) -> [FetchedProperty] {
        let keys = request.propertiesToFetch ?? entity.attributes.map { FetchKeyPath<Entity>($0.name) }
        var result: [FetchedProperty] = []
        for key in keys {
            guard let names = key.reference.names(on: entity) else {
                throw .invalidFetchRequest(.unknownKey(entity: entity.name, key: key.description))
            }
            let name = names.joined(separator: ".")
            let resolved: ResolvedKey
            do {
                resolved = try ResolvedKey(names, from: entity, key: name, root: entity)
            } catch {
                throw .invalidFetchRequest(error)
            }
            switch resolved.end {
            case .attribute(let attribute):
                result.append(FetchedProperty(name: name, projection: StoreQuery.Projection(hops: resolved.hops, column: attribute.column)) { value, _ in
                    attribute.decodedValue(value)
                })
            case .toOne(let relationship):
                result.append(FetchedProperty(name: name, projection: StoreQuery.Projection(hops: resolved.hops, column: relationship.column ?? 0)) { value, context in
                    guard case .int64(let key) = value.storage else { return nil }
                    return context.objectID(entity: relationship.destinationIndex, key: key)
                })
            case .toMany, .count:
                throw .invalidFetchRequest(.typeMismatch(entity: entity.name, key: name, reason: "propertiesToFetch takes attributes and to-one relationships only"))
            }
        }
        return result
    }
}
