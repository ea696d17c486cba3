/// Finds an item repeated in an array without building an index of the array.
///
/// Each item sets one bit, picked by its hash, in a bitmap of 16 bits per item; an item whose
/// bit is set already marks the bit as shared. Only the items on shared bits (about an eighth)
/// are then compared exactly, through a set. The bitmap fits a core's cache where an index of
/// the same items would not, so this costs a fraction of filling an index.
enum DuplicateFilter {
    /// The offset in `items` of the first item that repeats an earlier one, or nil.
    ///
    /// O(*n*) expected: two passes over the items and a set of the few on shared bits.
    @inlinable
    static func firstRepeat<Item: Hashable>(in items: UnsafeBufferPointer<Item>) -> Int? {
        let count = items.count
        guard count > 1 else { return nil }
        var bits = 64
        while bits < 16 &* count { bits &<<= 1 }
        let shift = UInt64(64 &- bits.trailingZeroBitCount)
        let seed = itemTableSeed
        let bit = { (item: Item) -> Int in
            Int(truncatingIfNeeded: UInt64(UInt(bitPattern: itemTableHash(item, seed: seed))) >> shift)
        }
        var seen = [UInt64](repeating: 0, count: bits >> 6)
        var shared = [UInt64](repeating: 0, count: bits >> 6)
        var anyShared: UInt64 = 0
        seen.withUnsafeMutableBufferPointer { seen in
        shared.withUnsafeMutableBufferPointer { shared in
            for item in items {
                let position = bit(item)
                let word = position >> 6
                let mask: UInt64 = 1 << UInt64(position & 63)
                let again = seen[word] & mask
                shared[word] |= again
                anyShared |= again
                seen[word] |= mask
            }
        }}
        guard anyShared != 0 else { return nil }
        var met = Set<Item>()
        for offset in 0..<count {
            let position = bit(items[offset])
            guard shared[position >> 6] & (1 << UInt64(position & 63)) != 0 else { continue }
            if !met.insert(items[offset]).inserted { return offset }
        }
        return nil
    }
}
