import GRDB

/// Reads values through to-one relationships in memory exactly as the store's LEFT JOINs read
/// them: a nil key or a key without a row gives NULL, and NaN reads as NULL (SQLite stores NaN as
/// NULL).
enum ObjectPathReader {
    /// The values (and object) reached from `values` (the values of `object`) through `hops`, or
    /// nil when a hop is nil or points at a missing row.
    static func follow(
        _ hops: [RelationshipDescription],
        from values: ContiguousArray<DatabaseValue>,
        of object: ManagedObject?
    ) -> (values: ContiguousArray<DatabaseValue>, object: ManagedObject?)? {
        var values = values
        var object = object
        for hop in hops {
            guard let column = hop.column, column < values.count, case .int64(let key) = values[column].storage,
                  let context = object?.context else { return nil }
            let next = context.registeredOrFault(entity: hop.destinationIndex, key: key)
            if next.state.contains(.fault) { context.fulfillFault(next) }
            if next.state.contains(.missing) { return nil }
            values = next.values
            object = next
        }
        return (values, object)
    }

    /// The stored value of `column` of the object reached through `hops`.
    static func value(
        column: Int,
        hops: [RelationshipDescription],
        from values: ContiguousArray<DatabaseValue>,
        of object: ManagedObject?
    ) -> DatabaseValue {
        let target: ContiguousArray<DatabaseValue>
        if hops.isEmpty {
            target = values
        } else {
            guard let reached = follow(hops, from: values, of: object)?.values else { return .null }
            target = reached
        }
        guard column < target.count else { return .null }
        if case .double(let number) = target[column].storage, number.isNaN { return .null }
        return target[column]
    }
}
