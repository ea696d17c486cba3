import GRDB

extension CompiledFetchRequest {
    /// The sort key of an object of ``entity`` after `changeSet` updated it, worked out from
    /// `old`, its sort key before the save, and the new values of its changed columns that the
    /// change set carries, without reading the object; nil when those cannot tell where the
    /// object belongs.
    ///
    /// They can tell when the change set carries the object's new values, the predicate and
    /// filters read none of its changed keys (so whether it is included did not change), and
    /// every sort descriptor reads a column of the object itself (not through a relationship).
    /// The caller answers for `old` being the key of the values the save started from (see
    /// ``ManagedObjectContext/carriesLatestValues(_:)``).
    ///
    /// - Complexity: O(sort descriptors + changed columns).
    package func sortKey(of id: ObjectID, after changeSet: ChangeSet, from old: FetchSortKey) -> FetchSortKey? {
        guard let patch = changeSet.updates.patch(of: id), let keys = changeSet.updates.keys(of: id), filterKeys.isDisjoint(with: keys) else { return nil }
        var values = old.values
        for (index, order) in query.orders.enumerated() {
            guard order.hops.isEmpty else { return nil }
            guard let position = patch.columns.firstIndex(of: order.column) else { continue }
            values[index] = order.collation.sortKey(ObjectPathReader.stored(patch.values[position]))
        }
        return FetchSortKey(objectID: id, values: values)
    }
}
