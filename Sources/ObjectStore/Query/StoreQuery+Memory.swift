package import GRDB

extension StoreQuery {
    /// Whether in-memory values satisfy every filter; false when a read the filters need fails
    /// (``evaluate(_:)`` throws the error instead).
    package func matches(_ object: ManagedObjectValues) -> Bool {
        (try? evaluate(object)) ?? false
    }

    /// Whether in-memory values satisfy every filter.
    ///
    /// - Throws: the store's error when reading the members of a to-many relationship fails.
    package func evaluate(_ object: ManagedObjectValues) throws(ObjectStoreError) -> Bool {
        for filter in filters where try !filter.evaluate(object) { return false }
        return true
    }

    /// The sort keys of an object in memory, as the SQL selects them: the values sorted by, with
    /// text case-folded for case-insensitive and localized orders (so each is folded once).
    package func sortKeys(of object: ManagedObjectValues) -> ContiguousArray<DatabaseValue> {
        var keys = ContiguousArray<DatabaseValue>()
        keys.reserveCapacity(orders.count)
        for order in orders {
            keys.append(order.collation.sortKey(order.projection.value(of: object)))
        }
        return keys
    }

    /// The row of an object in memory with its sort keys, for ``areInIncreasingOrder(_:_:)``.
    package func row(of object: ManagedObjectValues, version: Int64) -> StoreRow {
        StoreRow(key: object.key ?? 0, version: version, values: object.values, sortKeys: sortKeys(of: object))
    }

    /// -1, 0 or 1 as the sort keys of `lhs` order before, with or after those of `rhs` (not
    /// looking at the keys that break ties).
    package func compareSortKeys(_ lhs: ContiguousArray<DatabaseValue>, _ rhs: ContiguousArray<DatabaseValue>) -> Int {
        for (index, order) in orders.enumerated() {
            let comparison = order.collation.compareSortKeys(lhs[index], rhs[index])
            if comparison != 0 { return order.ascending ? comparison : -comparison }
        }
        return 0
    }

    /// Orders two rows as the SQL `ORDER BY` does, from their sort keys (ties by key).
    package func areInIncreasingOrder(_ lhs: StoreRow, _ rhs: StoreRow) -> Bool {
        let comparison = compareSortKeys(lhs.sortKeys, rhs.sortKeys)
        return comparison != 0 ? comparison < 0 : lhs.key < rhs.key
    }

    /// The entities the query reaches through relationships, whose unsaved changes can change
    /// the result of objects that have no unsaved changes themselves.
    ///
    /// Holds `entity` itself when a path leads back to it (`mentor.name`, `club.players.@count`):
    /// then an unsaved change to any object of the entity can change another object's result.
    package var relatedEntities: Set<Int> {
        var result: Set<Int> = []
        for filter in filters { result.formUnion(filter.relatedEntities) }
        for order in orders { for hop in order.hops { result.insert(hop.destinationIndex) } }
        return result
    }
}
