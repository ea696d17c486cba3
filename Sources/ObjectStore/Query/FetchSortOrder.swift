package import Foundation

/// The order of a compiled request's results, taken out of the request once: compares sort keys
/// as ``CompiledFetchRequest/compare(_:_:)-(FetchSortKey,FetchSortKey)`` does, without going
/// through the request's generic type at each comparison.
package struct FetchSortOrder: Sendable {
    /// Each sort descriptor's direction and collation (without its key path: nothing to retain
    /// at each comparison).
    private let terms: [(ascending: Bool, collation: SortCollation)]

    init(_ query: StoreQuery) {
        terms = query.orders.map { ($0.ascending, $0.collation) }
    }

    /// Orders two sort keys by the sort descriptors, then by object key: only one object
    /// compares as the same.
    package func compare(_ lhs: FetchSortKey, _ rhs: FetchSortKey) -> ComparisonResult {
        let comparison = compareValues(lhs, rhs)
        if comparison != 0 { return comparison < 0 ? .orderedAscending : .orderedDescending }
        let left = lhs.objectID.key, right = rhs.objectID.key
        return left == right ? .orderedSame : (left < right ? .orderedAscending : .orderedDescending)
    }

    /// -1, 0 or 1 as `lhs` sorts before, with or after `rhs` by the sort descriptors alone.
    private func compareValues(_ lhs: FetchSortKey, _ rhs: FetchSortKey) -> Int {
        lhs.values.withUnsafeBufferPointer { left in
            rhs.values.withUnsafeBufferPointer { right in
                for index in terms.indices {
                    let term = terms[index]
                    let comparison = term.collation.compareSortKeys(left[index], right[index])
                    if comparison != 0 { return term.ascending ? comparison : -comparison }
                }
                return 0
            }
        }
    }
}

extension CompiledFetchRequest {
    /// The request's order, to compare many sort keys (a controller placing its objects).
    package var sortOrder: FetchSortOrder { FetchSortOrder(query) }
}
