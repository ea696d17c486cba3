/// Tells whether an append shares no item with the earlier appends of a ``PendingTable``,
/// without their index: a bitmap of 8 to 16 bits per item, one set for each item.
///
/// An appended item whose bit is clear is new. One whose bit is set may repeat an earlier item,
/// or only share its bit: the filter cannot tell, and the caller then builds the index to know
/// (see ``ItemStorage/registerNew(_:_:_:mayPutOff:)``). Integers pick their bit by one
/// multiplication by the golden ratio (as in ``DuplicateFilter``), so that distinct integers a
/// constant step apart, such as consecutive row numbers split over sections, share no bit and
/// every append after the first keeps its index put off. Other identifiers are not filtered.
@usableFromInline
struct AppendFilter: Sendable {
    @usableFromInline var words: [UInt64]
    /// How far the 64-bit product is shifted down to pick a bit.
    @usableFromInline var shift: UInt64
    /// How many items the bitmap has room for at 8 bits each.
    @usableFromInline var room: Int

    @inlinable
    init() {
        words = []
        shift = 64
        room = 0
    }

    /// Whether the filter can tell items of type `Key` apart.
    @inlinable
    static func filters<Key>(_: Key.Type) -> Bool {
        Key.self == Int.self || Key.self == Int64.self || Key.self == UInt64.self
            || Key.self == UInt.self || Key.self == Int32.self || Key.self == UInt32.self
    }

    /// Sets the bits of `items`; returns false, leaving the bitmap in an unspecified state, when
    /// one of them finds its bit set (a repeat, or two items sharing a bit).
    @inlinable
    mutating func add<Key>(_ items: [Key]) -> Bool {
        items.withUnsafeBufferPointer { items in
            words.withUnsafeMutableBufferPointer { words in
                var shared: UInt64 = 0
                for item in items {
                    let position = Int(truncatingIfNeeded: DuplicateFilter.wordBits(integerWord(item).unsafelyUnwrapped) >> shift)
                    let mask: UInt64 = 1 << UInt64(position & 63)
                    let word = words[position >> 6]
                    shared |= word & mask
                    words[position >> 6] = word | mask
                }
                return shared == 0
            }
        }
    }

    /// Makes room for `total` items, the bits of the earlier ones laid out again from `chunks`
    /// when the bitmap grows; returns false when two of them then share a bit.
    @inlinable
    mutating func reserve<Key>(_ total: Int, refilling chunks: [PendingChunk<Key>]) -> Bool {
        guard total > room else { return true }
        var bitCount = 64
        while bitCount < 8 &* total { bitCount &<<= 1 }
        words = Array(repeating: 0, count: bitCount >> 6)
        shift = UInt64(64 &- bitCount.trailingZeroBitCount)
        room = bitCount >> 3
        for chunk in chunks where !add(chunk.items) { return false }
        return true
    }
}
