/// Finds an item repeated in an array without building an index of the array.
///
/// Each item sets one bit, picked by its hash, in a bitmap of 8 to 16 bits per item; an item
/// whose bit is set already marks the bit as shared. Only the items on shared bits (about a
/// tenth) are then compared exactly, through a small ``ItemTable``. Each word of the bitmap sits
/// next to its word of shared marks, so an item touches one cache line, and both fit a core's
/// cache (256 KB for 100,000 items) where an index of all the items would not: this costs a
/// fraction of filling one.
@usableFromInline
enum DuplicateFilter {
    /// The offset in `items` of the first item that repeats an earlier one, or nil.
    ///
    /// O(*n*) expected: one pass over the items that hashes each once, one over their bit
    /// positions, and a table of the few on shared bits.
    ///
    /// - Precondition: `items` holds fewer than 2³² items.
    @inlinable
    static func firstRepeat<Item: Hashable & Sendable>(in items: UnsafeBufferPointer<Item>) -> Int? {
        let count = items.count
        guard count > 1 else { return nil }
        precondition(count <= Int(UInt32.max), "the duplicate filter counts items in 32 bits")
        var bits = 64
        // Bit positions and offsets are kept in 32 bits: past 2³² bits, more items share bits.
        while bits < 8 &* count, bits < 1 << 32 { bits &<<= 1 }
        let shift = UInt64(64 &- bits.trailingZeroBitCount)
        let seed = itemTableSeed
        let words = bits >> 6
        // Word 2w holds bits 64w..<64(w + 1) of the bitmap, word 2w + 1 their shared marks; the
        // items' bit positions follow. Recycled memory: a list rebuilt on every change would
        // otherwise fault in fresh pages for them on every build.
        let bitmapBytes = 2 &* words &* MemoryLayout<UInt64>.stride
        let block = allocateRecycledMemory(byteCount: bitmapBytes &+ count &* MemoryLayout<UInt32>.stride, alignment: 64)
        defer { deallocateRecycledMemory(block.memory, byteCount: block.byteCount, alignment: 64) }
        let bitmap = UnsafeMutableBufferPointer(start: block.memory.bindMemory(to: UInt64.self, capacity: 2 &* words), count: 2 &* words)
        let positions = UnsafeMutableBufferPointer(
            start: (block.memory + bitmapBytes).bindMemory(to: UInt32.self, capacity: count), count: count)
        bitmap.initialize(repeating: 0)
        var anyShared: UInt64 = 0
        for offset in 0..<count {
            let position = Int(truncatingIfNeeded: UInt64(UInt(bitPattern: itemTableHash(items[offset], seed: seed))) >> shift)
            positions[offset] = UInt32(truncatingIfNeeded: position)
            let word = (position >> 6) &<< 1
            let mask: UInt64 = 1 << UInt64(position & 63)
            let seen = bitmap[word]
            let again = seen & mask
            bitmap[word &+ 1] |= again
            anyShared |= again
            bitmap[word] = seen | mask
        }
        guard anyShared != 0 else { return nil }
        // The offsets of the items on shared bits overwrite the positions already read.
        var candidateCount = 0
        for offset in 0..<count {
            let position = Int(positions[offset])
            if bitmap[((position >> 6) &<< 1) &+ 1] & (1 << UInt64(position & 63)) != 0 {
                positions[candidateCount] = UInt32(truncatingIfNeeded: offset)
                candidateCount &+= 1
            }
        }
        let table = ItemTable<Item>(bucketCount: ItemTable<Item>.bucketCount(forCapacity: candidateCount))
        let found = table.insertNew(count: candidateCount, key: { items[Int(positions[$0])] }, slot: { _ in ItemSlot(leaf: 0, slot: 0) })
        return found.map { Int(positions[$0]) }
    }
}
