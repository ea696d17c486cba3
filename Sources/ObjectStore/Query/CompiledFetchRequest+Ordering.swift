public import Foundation

extension CompiledFetchRequest {
    /// The values `object` sorts by, read from the values `source` selects.
    ///
    /// - Parameters:
    ///   - object: The object whose sort key to read, one of the request's entity.
    ///   - source: The values to read; nil for the request's ``valueSource``. An object without
    ///     committed values (inserted, not saved) sorts by its current ones.
    public func sortKey(of object: Entity, from source: ObjectValueSource? = nil) -> FetchSortKey {
        let values = ManagedObjectValues(object, source ?? valueSource) ?? ManagedObjectValues(current: object)
        return FetchSortKey(objectID: object.objectID, values: query.sortKeys(of: values))
    }

    /// Orders two sort keys exactly as the store's `ORDER BY` orders their objects: by the sort
    /// descriptors, then by object key. Only one object compares as the same.
    ///
    /// - Complexity: O(number of sort descriptors).
    public func compare(_ lhs: FetchSortKey, _ rhs: FetchSortKey) -> ComparisonResult {
        let comparison = query.compareSortKeys(lhs.values, rhs.values)
        if comparison != 0 { return comparison < 0 ? .orderedAscending : .orderedDescending }
        let left = lhs.objectID.key, right = rhs.objectID.key
        return left == right ? .orderedSame : (left < right ? .orderedAscending : .orderedDescending)
    }

    /// Whether `lhs` comes before `rhs` in the results: ``compare(_:_:)-(FetchSortKey,FetchSortKey)``
    /// as a predicate for `sort(by:)` and binary searches.
    public func areInIncreasingOrder(_ lhs: FetchSortKey, _ rhs: FetchSortKey) -> Bool {
        compare(lhs, rhs) == .orderedAscending
    }

    /// Orders two objects as the store orders them, from the values `source` selects.
    ///
    /// Reads and folds both objects' sort values on every call; keep ``sortKey(of:from:)`` values
    /// to compare one object many times.
    public func compare(_ lhs: Entity, _ rhs: Entity, from source: ObjectValueSource? = nil) -> ComparisonResult {
        compare(sortKey(of: lhs, from: source), sortKey(of: rhs, from: source))
    }
}
