import GRDB

/// Reads values through to-one relationships in memory exactly as the store's LEFT JOINs read
/// them: a nil key or a key without a row gives NULL, and NaN reads as NULL (SQLite stores NaN as
/// NULL). An object the reader does not see (deleted in a context but not saved yet, for
/// instance) counts as missing, as its row will be once saved.
enum ObjectPathReader {
    /// The values and key of the object reached from `values` through `hops` (read through
    /// `reader`), or nil when a hop is nil or points at an object the reader does not see.
    static func follow(
        _ hops: ArraySlice<RelationshipDescription>,
        from values: ContiguousArray<DatabaseValue>,
        reader: (any ObjectReader)?
    ) -> (values: ContiguousArray<DatabaseValue>, key: Int64)? {
        var values = values
        var reached: Int64?
        for hop in hops {
            OperationCounts.record(\.hopsFollowed)
            guard let column = hop.column, column < values.count, case .int64(let key) = values[column].storage,
                  let reader, let next = reader.values(entity: hop.destinationIndex, key: key) else { return nil }
            values = next
            reached = key
        }
        guard let reached else { preconditionFailure("A path to follow needs at least one hop.") }
        return (values, reached)
    }

    /// The stored value of `column` of the object reached through `hops`.
    static func value(
        column: Int,
        hops: [RelationshipDescription],
        from values: ContiguousArray<DatabaseValue>,
        reader: (any ObjectReader)?
    ) -> DatabaseValue {
        if hops.isEmpty { return stored(column, of: values) }
        guard let reached = follow(hops[...], from: values, reader: reader)?.values else { return .null }
        return stored(column, of: reached)
    }

    /// The value of `column` as SQL reads it (NaN is NULL).
    static func stored(_ column: Int, of values: ContiguousArray<DatabaseValue>) -> DatabaseValue {
        guard column < values.count else { return .null }
        return stored(values[column])
    }

    /// A column's value as SQL reads it (NaN is NULL).
    static func stored(_ value: DatabaseValue) -> DatabaseValue {
        if case .double(let number) = value.storage, number.isNaN { return .null }
        return value
    }
}
