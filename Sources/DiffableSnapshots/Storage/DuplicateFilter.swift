/// Finds an item repeated in an array without building an index of the array.
///
/// Each item sets one bit, picked by its hash, in a bitmap of 8 to 16 bits per item; an item
/// whose bit is set already marks the bit as shared. Only the items on shared bits are then
/// compared exactly, through a small ``ItemTable``. Each word of the bitmap sits next to its word
/// of shared marks, so an item touches one cache line, and both fit a core's cache (256 KB for
/// 100,000 items) where an index of all the items would not: this costs a fraction of filling
/// one.
///
/// Integers, and identifiers that stand for a word (``WordIdentifier``), pick their bit by one
/// multiplication of their value by the golden ratio (Fibonacci hashing). Distinct values a
/// constant step apart, such as the row numbers of one table, then land about evenly spread
/// over the bitmap: they share no bit, and the check is a single pass. Other identifiers pick
/// their bit by their hash, and about a tenth of them land on shared bits.
@usableFromInline
enum DuplicateFilter {
    /// The offset in `items` of the first item that repeats an earlier one, or nil.
    ///
    /// O(*n*) expected: one pass over the items that hashes each once, one over their bit
    /// positions when any bit is shared, and a table of the few on shared bits.
    ///
    /// - Precondition: `items` holds fewer than 2³² items.
    @inlinable
    static func firstRepeat<Item: Hashable & Sendable>(in items: UnsafeBufferPointer<Item>) -> Int? {
        if let words = Item.self as? any WordIdentifier.Type {
            return words.firstRepeat(in: UnsafeRawBufferPointer(items))
        }
        // Integers' bits are recomputed more cheaply than stored and read back. The type test
        // folds away where `Item` is known.
        if let first = items.first, integerWord(first) != nil {
            return firstRepeat(in: items, keepsPositions: false) { wordBits(integerWord($0).unsafelyUnwrapped) }
        }
        let seed = itemTableSeed
        return firstRepeat(in: items, keepsPositions: true) { UInt64(UInt(bitPattern: itemTableHash($0, seed: seed))) }
    }

    /// The bits of `word` that pick its bit in the bitmap, highest first: the product with
    /// 2⁶⁴ divided by the golden ratio.
    @inlinable
    @inline(__always)
    static func wordBits(_ word: UInt64) -> UInt64 {
        word &* 0x9E37_79B9_7F4A_7C15
    }

    /// ``firstRepeat(in:)`` with each item's bit picked by the highest bits of `bits(item)`.
    @inlinable
    static func firstRepeat<Item: Hashable & Sendable>(in items: UnsafeBufferPointer<Item>, keepsPositions: Bool, bits: (Item) -> UInt64) -> Int? {
        let count = items.count
        guard count > 1 else { return nil }
        precondition(count <= Int(UInt32.max), "The duplicate filter counts items in 32 bits, so it takes fewer than 2³² items.")
        var bitCount = 64
        // Bit positions and offsets are kept in 32 bits: past 2³² bits, more items share bits.
        while bitCount < 8 &* count, bitCount < 1 << 32 { bitCount &<<= 1 }
        let shift = UInt64(64 &- bitCount.trailingZeroBitCount)
        let words = bitCount >> 6
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
            let position = Int(truncatingIfNeeded: bits(items[offset]) >> shift)
            if keepsPositions { positions[offset] = UInt32(truncatingIfNeeded: position) }
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
            let position = keepsPositions ? Int(positions[offset]) : Int(truncatingIfNeeded: bits(items[offset]) >> shift)
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
