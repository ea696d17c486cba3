package import GRDB

extension ManagedObjectContext {
    /// A grouped request resolved against its entity.
    ///
    /// - Throws: ``ObjectStoreError/invalidFetchRequest(_:)`` for a request that breaks a rule of
    ///   grouped fetches (see ``GroupedQuery``).
    package func groupedQuery<Entity: ManagedObject>(for request: FetchRequest<Entity>) throws(ObjectStoreError) -> GroupedQuery {
        let entity = core.model.entity(for: Entity.self)
        var filters = request
        filters.sortDescriptors = []
        return try GroupedQuery(request, filters: try storeQuery(for: filters, entity: entity))
    }

    /// The output rows of a grouped query as the context shows them: the store's SQL when no
    /// unsaved change touches what it reads, otherwise folded in memory from the objects.
    package func groupedRows(_ grouped: GroupedQuery, includesPending: Bool) throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>] {
        assertOnQueue()
        return try consistentRead { () throws(ObjectStoreError) -> [ContiguousArray<DatabaseValue>] in
            if parent == nil && !needsOverlay(projecting: grouped.query, includesPending: includesPending) {
                return try core.store.groupedRows(grouped, mark: storeMark)
            }
            return try grouped.rows(folding: try projectedObjects(grouped.query, includesPending: includesPending).lazy.map(\.values))
        }
    }

    /// The key and inputs (group key values, then arguments) of each object a grouped query
    /// selects, of all of them or only of those with `keys`, as the context shows them.
    ///
    /// - Complexity: one query; with `keys`, O(*k* log *n*) for *k* keys.
    package func groupedInputs(_ grouped: GroupedQuery, includesPending: Bool, keys: [Int64]? = nil) throws(ObjectStoreError) -> [(key: Int64, values: ContiguousArray<DatabaseValue>)] {
        assertOnQueue()
        return try consistentRead { () throws(ObjectStoreError) -> [(key: Int64, values: ContiguousArray<DatabaseValue>)] in
            guard let keys else {
                if parent == nil && !needsOverlay(projecting: grouped.query, includesPending: includesPending) {
                    return try core.store.keyedProjectionRows(grouped.query, mark: storeMark)
                }
                return try projectedObjects(grouped.query, includesPending: includesPending)
            }
            var result: [(key: Int64, values: ContiguousArray<DatabaseValue>)] = []
            for chunk in KeyMembership.chunks(of: keys) {
                var query = grouped.query
                query.filters.append(KeyMembership(keys: chunk))
                result += try projectedObjects(query, includesPending: includesPending)
            }
            return result
        }
    }

    /// The keys of the objects of `entity` whose to-one relationship `column` holds one of
    /// `related`, as the context shows them.
    package func keys(of entity: EntityDescription, relatedThrough column: Int, to related: [Int64], includesPending: Bool) throws(ObjectStoreError) -> [Int64] {
        assertOnQueue()
        var result: [Int64] = []
        for chunk in KeyMembership.chunks(of: related) {
            var query = StoreQuery(entity: entity)
            query.filters = [ColumnMembership(column: column, keys: chunk, entity: entity)]
            result += try consistentRead { () throws(ObjectStoreError) -> [Int64] in
                try resolvedRows(query, selection: .ids, includesPending: includesPending).map(\.key)
            }
        }
        return result
    }

    /// Whether unsaved changes touch what `query` filters on or projects (projections through
    /// to-one relationships read the related objects).
    func needsOverlay(projecting query: StoreQuery, includesPending: Bool) -> Bool {
        guard includesPending else { return false }
        return needsOverlay(query, includesPending: true)
            || query.projections.contains { $0.hops.contains { unsaved.objects.containsObjects(ofEntity: $0.destinationIndex) } }
    }

    /// The output row of a grouped query as a result dictionary.
    package func groupedDictionary(_ grouped: GroupedQuery, row: ContiguousArray<DatabaseValue>) -> [String: any Sendable] {
        grouped.dictionary(row, context: self)
    }
}
