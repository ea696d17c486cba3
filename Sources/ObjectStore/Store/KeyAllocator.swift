/// Hands out primary keys from ranges reserved in the database.
///
/// A range is reserved with one write transaction (`Z_PRIMARYKEY.Z_MAX += n`), so contexts of this
/// process and other processes on the same file never receive the same key. Range sizes double
/// as an entity is inserted into, so bulk inserts reserve rarely; unused keys of a range are
/// simply skipped.
final class KeyAllocator: Sendable {
    private struct Range {
        var next: Int64 = 1
        var end: Int64 = 1
        var size: Int64 = 64
    }

    private let ranges: Locked<[Range]>
    private static let maximumRangeSize: Int64 = 65_536

    init(entityNames: [String]) {
        ranges = Locked(Array(repeating: Range(), count: entityNames.count))
    }

    /// The next free key of entity `index`; `reserve(count)` returns the first of `count` keys
    /// newly reserved in the database.
    func nextKey(entity index: Int, reserve: (Int64) throws(ObjectStoreError) -> Int64) throws(ObjectStoreError) -> Int64 {
        try ranges.withLock { (ranges) throws(ObjectStoreError) -> Int64 in
            if ranges[index].next >= ranges[index].end {
                let size = ranges[index].size
                let first = try reserve(size)
                ranges[index].next = first
                ranges[index].end = first + size
                ranges[index].size = min(size * 2, Self.maximumRangeSize)
            }
            let key = ranges[index].next
            ranges[index].next += 1
            return key
        }
    }
}
