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

extension FetchSortOrder {
    /// How many words ``appendWords(of:to:)`` appends per key: one per sort descriptor, then one
    /// for the object key.
    package var wordsPerKey: Int { terms.count + 1 }

    /// Appends to `words` the ``wordsPerKey`` words of `key` whose order, compared word by word
    /// as unsigned integers, is the order of ``compare(_:_:)``; returns false, appending nothing,
    /// unless every sort value of `key` is an integer (the only values whose words keep that
    /// order under every collation: a text, a real or a null may compare with them otherwise).
    package func appendWords(of key: FetchSortKey, to words: inout [UInt64]) -> Bool {
        let fits = key.values.withUnsafeBufferPointer { values in
            values.allSatisfy { if case .int64 = $0.storage { true } else { false } }
        }
        guard fits else { return false }
        key.values.withUnsafeBufferPointer { values in
            for index in terms.indices {
                guard case .int64(let value) = values[index].storage else { continue }
                let word = Self.orderedWord(value)
                words.append(terms[index].ascending ? word : ~word)
            }
        }
        words.append(Self.orderedWord(key.objectID.key))
        return true
    }

    /// `value` as an unsigned word in the same order as the signed values.
    private static func orderedWord(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: value) ^ (1 << 63)
    }
}

extension CompiledFetchRequest {
    /// The request's order, to compare many sort keys (a controller placing its objects).
    package var sortOrder: FetchSortOrder { FetchSortOrder(query) }
}
