import GRDB

/// The results of a request as a list keeps them: each object's sort key (its ID included) and,
/// when asked, the value of one attribute; no object is materialised.
package struct OrderedKeys: Sendable {
    /// The results' sort keys, in the request's order.
    package var sortKeys: [FetchSortKey]
    /// The values of the asked attribute column (as the attribute's Swift values, nil for
    /// NULL), in the same order; empty when none was asked.
    package var columnValues: [(any Sendable)?]
    /// The point of the context's change stream the results reflect.
    package var sequenceNumber: Int64
}

extension ManagedObjectContext {
    /// The sort keys of the objects a compiled request selects, as the context shows them (its
    /// unsaved changes included as the request asks), limit and offset applied, with the values
    /// of the attribute at `column` when it is not nil, and the point of the change stream they reflect.
    ///
    /// Reads keys and sort columns only (whole rows when `column` is asked); materialises no
    /// object unless unsaved changes of related entities make every row be evaluated in memory.
    ///
    /// - Throws: store errors, and read errors met while evaluating unsaved changes.
    package func orderedKeys<Entity: ManagedObject>(_ compiled: CompiledFetchRequest<Entity>, column: Int?) throws(ObjectStoreError) -> OrderedKeys {
        assertOnQueue()
        let binding = core.entityBindings[compiled.entity.index]
        let rows = try consistentRead { () throws(ObjectStoreError) -> [StoreRow] in
            try resolvedRows(compiled.query, selection: column == nil ? .keys : .rows, includesPending: compiled.request.includesPendingChanges)
        }
        var sortKeys: [FetchSortKey] = []
        sortKeys.reserveCapacity(rows.count)
        var values: [(any Sendable)?] = []
        if let column {
            let attribute = compiled.entity.attribute(named: compiled.entity.columnNames[column])
            values.reserveCapacity(rows.count)
            for row in rows { values.append(attribute?.decodedValue(row.values[column])) }
        }
        for row in rows {
            sortKeys.append(FetchSortKey(objectID: ObjectID(binding: binding, key: row.key), values: row.sortKeys))
        }
        return OrderedKeys(sortKeys: sortKeys, columnValues: values, sequenceNumber: stream.sequenceNumber)
    }

    /// Loads the objects with `objectIDs` that are not loaded yet, in one query per entity and
    /// 500 objects, so that reading them next needs no query; a read failure leaves them faults
    /// (they load, or report it, on first access).
    package func loadObjects(_ objectIDs: [ObjectID]) {
        assertOnQueue()
        for (index, keys) in faultKeys(of: objectIDs) {
            _ = objectsNotingFailure(entity: core.model.entities[index], keys: keys)
        }
    }

    /// Loads the objects with `objectIDs` that are not loaded yet, as ``loadObjects(_:)`` does,
    /// for a caller that must not read them as faults: a read failure is thrown (the objects
    /// not loaded stay faults), and left for the caller to handle rather than noted for the
    /// next save.
    ///
    /// - Throws: the store's error when the objects cannot be read.
    package func loadObjectsOrThrow(_ objectIDs: [ObjectID]) throws(ObjectStoreError) {
        assertOnQueue()
        for (index, keys) in faultKeys(of: objectIDs) {
            _ = try loadObjects(entity: core.model.entities[index], keys: keys)
        }
    }

    /// The keys of the objects among `objectIDs` that are not loaded, by entity index.
    private func faultKeys(of objectIDs: [ObjectID]) -> [Int: [Int64]] {
        var keysByEntity: [Int: [Int64]] = [:]
        for id in objectIDs {
            if let object = registered[id], !object.state.contains(.fault) { continue }
            keysByEntity[id.entity.index, default: []].append(id.key)
        }
        return keysByEntity
    }
}
