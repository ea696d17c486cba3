import GRDB

extension ManagedObjectContext {
    /// The rows matching `query` as this context sees them: its parent's view (or the store) with
    /// this context's unsaved inserts, updates and deletes laid over it.
    ///
    /// Rows come in the query's order, ties (and a query without order) by key. With `.keys`
    /// selection only the key and the sort values of each row are filled, with `.ids` only the
    /// key. When unsaved changes of other entities the query reads (through
    /// relationships) exist, every row is evaluated in memory so that those changes count.
    ///
    /// - Throws: a read error, including one met while evaluating in memory (faults, members).
    package func resolvedRows(_ query: StoreQuery, selection: StoreQuery.Selection, includesPending: Bool = true) throws(ObjectStoreError) -> [StoreRow] {
        try reportingReadFailures { () throws(ObjectStoreError) -> [StoreRow] in
            try overlaidRows(query, selection: selection, includesPending: includesPending)
        }
    }

    private func overlaidRows(_ query: StoreQuery, selection: StoreQuery.Selection, includesPending: Bool) throws(ObjectStoreError) -> [StoreRow] {
        let overlay = includesPending ? pendingObjects(of: query.entity) : []
        let relatedPending = includesPending && query.relatedEntities.contains(where: unsaved.objects.containsObjects)
        if overlay.isEmpty && !relatedPending { return try baseRows(query, selection: selection) }
        var base = query
        base.limit = nil
        base.offset = 0
        let overlaid = Set(overlay.map(\.objectID.key))
        var rows: [StoreRow]
        if relatedPending {
            base.filters = []
            base.orders = []
            rows = []
            for row in try baseRows(base, selection: .rows) where !overlaid.contains(row.key) {
                let object = self.object(from: row, entity: query.entity)
                if let resolved = try resolvedRow(of: object, query) { rows.append(resolved) }
            }
        } else {
            rows = try baseRows(base, selection: selection == .ids ? .keys : selection).filter { !overlaid.contains($0.key) }
        }
        for object in overlay where !object.state.contains(.deleted) {
            if let resolved = try resolvedRow(of: object, query) { rows.append(resolved) }
        }
        // Always sorted (by key when the query has no order), as the SQL orders its rows, so a
        // limit and offset select the same rows with and without pending changes.
        rows.sort { query.areInIncreasingOrder($0, $1) }
        let start = min(query.offset, rows.count)
        let end = query.limit.map { min(start + $0, rows.count) } ?? rows.count
        return Array(rows[start..<end])
    }

    /// The row of an object as the query sees it in memory, or nil when it does not match.
    ///
    /// - Throws: the store's error when the object, or what the query reads through its
    ///   relationships, cannot be read (never taken for "no match").
    private func resolvedRow(of object: ManagedObject, _ query: StoreQuery) throws(ObjectStoreError) -> StoreRow? {
        try loadFault(object)
        let values = ManagedObjectValues(entity: query.entity, values: object.values, key: object.objectID.key, reader: self)
        guard try query.evaluate(values) else { return nil }
        return query.row(of: values, version: object.version)
    }

    /// The rows matching `query` in the parent context's view, or in the store.
    func baseRows(_ query: StoreQuery, selection: StoreQuery.Selection) throws(ObjectStoreError) -> [StoreRow] {
        if let parent {
            return try readingParent(parent) { () throws(ObjectStoreError) -> [StoreRow] in
                try parent.consistentRead { () throws(ObjectStoreError) -> [StoreRow] in
                    try parent.resolvedRows(query, selection: selection)
                }
            }
        }
        switch selection {
        case .keys, .ids, .projections:
            return try core.store.keys(query, selection: selection, mark: storeMark)
        case .rows, .count:
            var rows: [StoreRow] = []
            try core.store.forEachRow(query, mark: storeMark) { rows.append($0) }
            return rows
        }
    }

    /// The parent's (or store's) rows with the given keys, any number of them.
    func parentRows(entity: EntityDescription, keys: [Int64]) throws(ObjectStoreError) -> [StoreRow] {
        guard let parent else { return try core.store.rows(entity: entity, keys: keys, mark: storeMark) }
        return try readingParent(parent) { () throws(ObjectStoreError) -> [StoreRow] in
            var rows: [StoreRow] = []
            for chunk in KeyMembership.chunks(of: keys) {
                rows += try parent.resolvedRows(KeyMembership.query(entity: entity, keys: chunk), selection: .rows)
            }
            return rows
        }
    }

    /// The number of rows matching `query` as this context sees them.
    func resolvedCount(_ query: StoreQuery, includesPending: Bool) throws(ObjectStoreError) -> Int {
        if parent == nil && query.limit == nil && query.offset == 0 && !needsOverlay(query, includesPending: includesPending) {
            return try core.store.count(query, mark: storeMark)
        }
        return try resolvedRows(query, selection: .keys, includesPending: includesPending).count
    }
}
