import DiffableSupport

/// Hands out primary keys from ranges reserved in the database.
///
/// A range is reserved with one write transaction (`Z_PRIMARYKEY.Z_MAX += n`), so contexts of this
/// process and other processes on the same file never receive the same key. Range sizes double
/// as an entity is inserted into, so bulk inserts reserve rarely; unused keys of a range are
/// simply skipped. Each entity has its own lock, held only to take a key: the database write runs
/// outside it, so a slow reservation holds up no other entity and no thread that still has keys.
package final class KeyAllocator: Sendable {
    private struct Range {
        var next: Int64 = 1
        var end: Int64 = 1
        var size: Int64 = 64
    }

    private enum Step {
        case key(Int64)
        case reserve(size: Int64)
    }

    private let ranges: [Locked<Range>]
    private static let maximumRangeSize: Int64 = 65_536

    package init(entityNames: [String]) {
        ranges = entityNames.map { _ in Locked(Range()) }
    }

    /// The next free key of entity `index`; `reserve(count)` returns the first of `count` keys
    /// newly reserved in the database.
    func nextKey(entity index: Int, reserve: (Int64) throws(ObjectStoreError) -> Int64) throws(ObjectStoreError) -> Int64 {
        let range = ranges[index]
        let step = range.withLock { range -> Step in
            guard range.next < range.end else { return .reserve(size: range.size) }
            defer { range.next += 1 }
            return .key(range.next)
        }
        switch step {
        case .key(let key):
            return key
        case .reserve(let size):
            let first = try reserve(size)
            return range.withLock { range in
                range.size = min(max(range.size, size * 2), Self.maximumRangeSize)
                // Another thread may have installed a range meanwhile: it stays, and this call
                // keeps only the first key of its own (the others are skipped).
                if range.next >= range.end {
                    range.next = first + 1
                    range.end = first + size
                }
                return first
            }
        }
    }
}
