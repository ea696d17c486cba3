import GRDB

extension ManagedObjectContext {
    /// The relationships of each prefetch key path of a request.
    func prefetchPaths<Entity: ManagedObject>(_ request: FetchRequest<Entity>, entity: EntityDescription) throws(ObjectStoreError) -> [[RelationshipDescription]] {
        var paths: [[RelationshipDescription]] = []
        for key in request.relationshipKeyPathsForPrefetching {
            guard let names = key.reference.names(on: entity) else {
                throw .invalidFetchRequest(.unknownKey(entity: entity.name, key: key.description))
            }
            var path: [RelationshipDescription] = []
            var current = entity
            for name in names {
                guard let relationship = current.relationship(named: name) else {
                    throw .invalidFetchRequest(.unknownKey(entity: entity.name, key: names.joined(separator: ".")))
                }
                path.append(relationship)
                current = relationship.destination
            }
            paths.append(path)
        }
        return paths
    }

    /// Loads the objects each path reaches from `objects` and registers them with their values:
    /// one query per relationship and 500 owners (for a many-to-many relationship, one for the
    /// links and one for the members not loaded yet). A root context also records the members of
    /// each owner's one-to-many relationships, which then answer reads of those relationships
    /// without a query (``prefetchedMembers(of:relationship:)``).
    func prefetch(_ paths: [[RelationshipDescription]], of objects: [ManagedObject]) throws(ObjectStoreError) {
        for path in paths {
            var current = objects
            for relationship in path {
                current = try prefetch(relationship, of: current)
            }
        }
    }

    private func prefetch(_ relationship: RelationshipDescription, of owners: [ManagedObject]) throws(ObjectStoreError) -> [ManagedObject] {
        let destination = relationship.destination
        if let column = relationship.column {
            var seen: Set<Int64> = []
            var keys: [Int64] = []
            for owner in owners {
                if case .int64(let key) = owner.storedValue(column: column).storage, seen.insert(key).inserted { keys.append(key) }
            }
            return try loadObjects(entity: destination, keys: keys).filter { !$0.state.contains(.missing) }
        }
        if relationship.isManyToMany {
            var seen: Set<ObjectIdentifier> = []
            return try linkedObjects(of: owners, relationship: relationship).joined().filter { seen.insert(ObjectIdentifier($0)).inserted }
        }
        guard let inverseColumn = relationship.inverseColumn else { return [] }
        // Read before the members: a commit handed on meanwhile makes the record stale at once.
        let handedOnThrough = core.handedOnThrough
        var loaded: [ManagedObject] = []
        for chunk in KeyMembership.chunks(of: owners.map(\.objectID.key)) {
            var query = StoreQuery(entity: destination)
            query.filters = [ColumnMembership(column: inverseColumn, keys: chunk, entity: destination)]
            for row in try resolvedRows(query, selection: .rows) {
                loaded.append(self.object(from: row, entity: destination))
            }
        }
        recordPrefetchedMembers(loaded, of: owners, relationship: relationship, handedOnThrough: handedOnThrough)
        return loaded
    }
}
