import GRDB

extension ManagedObjectContext {
    /// The rows matching `query` as this context sees them: its parent's view (or the store) with
    /// this context's unsaved inserts, updates and deletes laid over it.
    ///
    /// With `.keys` selection only the key and the sort columns of each row are filled.
    package func resolvedRows(_ query: StoreQuery, selection: StoreQuery.Selection, includesPending: Bool = true) throws(ObjectStoreError) -> [StoreRow] {
        let overlay = includesPending ? pendingObjects(of: query.entity) : []
        if overlay.isEmpty { return try baseRows(query, selection: selection) }
        var base = query
        base.limit = nil
        base.offset = 0
        let overlaid = Set(overlay.map(\.objectID.key))
        var rows = try baseRows(base, selection: selection).filter { !overlaid.contains($0.key) }
        for object in overlay where !object.state.contains(.deleted) {
            if object.state.contains(.fault) { fulfillFault(object) }
            if query.matches(ManagedObjectValues(entity: query.entity, values: object.values, object: object)) {
                rows.append(StoreRow(key: object.objectID.key, version: object.version, values: object.values))
            }
        }
        if !query.orders.isEmpty {
            rows.sort { query.areInIncreasingOrder($0.values, $0.key, $1.values, $1.key) }
        }
        let start = min(query.offset, rows.count)
        let end = query.limit.map { min(start + $0, rows.count) } ?? rows.count
        return Array(rows[start..<end])
    }

    /// The rows matching `query` in the parent context's view, or in the store.
    func baseRows(_ query: StoreQuery, selection: StoreQuery.Selection) throws(ObjectStoreError) -> [StoreRow] {
        if let parent {
            return try parent.performAndWait { () throws(ObjectStoreError) -> [StoreRow] in
                try parent.resolvedRows(query, selection: selection)
            }
        }
        switch selection {
        case .keys:
            return try core.store.keys(query)
        case .rows, .count:
            var rows: [StoreRow] = []
            try core.store.forEachRow(query) { rows.append($0) }
            return rows
        }
    }

    /// The parent's (or store's) rows with the given keys.
    func parentRows(entity: EntityDescription, keys: [Int64]) throws(ObjectStoreError) -> [StoreRow] {
        if let parent {
            var query = StoreQuery(entity: entity)
            query.filters = [KeyMembership(keys: keys)]
            return try parent.performAndWait { () throws(ObjectStoreError) -> [StoreRow] in
                try parent.resolvedRows(query, selection: .rows)
            }
        }
        return try core.store.rows(entity: entity, keys: keys)
    }

    /// The number of rows matching `query` as this context sees them.
    func resolvedCount(_ query: StoreQuery, includesPending: Bool) throws(ObjectStoreError) -> Int {
        let overlay = includesPending ? pendingObjects(of: query.entity) : []
        if overlay.isEmpty && parent == nil && query.limit == nil && query.offset == 0 {
            return try core.store.count(query)
        }
        return try resolvedRows(query, selection: .keys, includesPending: includesPending).count
    }
}
