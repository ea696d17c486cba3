/// Tells whether an append shares no item with the earlier appends of a ``PendingTable``, nor
/// repeats one of its own, without their index: a bitmap with one bit set for each item.
///
/// An appended item whose bit is clear is new. One whose bit is set may repeat an earlier item,
/// or only share its bit: the filter cannot tell, and the caller then builds the index to know
/// (see ``ItemStorage/registerNew(_:_:_:mayPutOff:)``). Integers pick their bit by one
/// multiplication by the golden ratio (as in ``DuplicateFilter``). When the span from the least
/// to the greatest integer added is at most 64 per item (or at most 2¹⁸), the bitmap has 4 bits
/// per integer of the span, rounded up to a power of two and doubled to leave room for the next
/// appends: every integer of the span then has a bit of its own, so identifiers drawn from one
/// dense range, such as row numbers, in whatever order and split however over sections, share
/// no bit and every append keeps its index put off; and the bitmap tells exactly whether an
/// integer is there (``contains(_:)``). Otherwise it has 16 to 32 bits per item, and appends
/// mostly find a shared bit. Other identifiers are not filtered.
@usableFromInline
struct AppendFilter: Sendable {
    @usableFromInline var words: [UInt64]
    /// How far the 64-bit product is shifted down to pick a bit.
    @usableFromInline var shift: UInt64
    /// The least and greatest identifier word added, as ``ordered(_:)`` gives them.
    @usableFromInline var low: UInt64
    @usableFromInline var high: UInt64

    @inlinable
    init() {
        words = []
        shift = 64
        low = .max
        high = 0
    }

    /// `word` moved by 2⁶³, so that signed integers order as their words do and a range across
    /// zero stays one span (a translation: consecutive words stay consecutive).
    @inlinable
    @inline(__always)
    static func ordered(_ word: UInt64) -> UInt64 {
        word &+ (1 << 63)
    }

    /// Whether the filter can tell items of type `Key` apart.
    @inlinable
    static func filters<Key>(_: Key.Type) -> Bool {
        Key.self == Int.self || Key.self == Int64.self || Key.self == UInt64.self
            || Key.self == UInt.self || Key.self == Int32.self || Key.self == UInt32.self
    }

    /// Adds `items` after the items of `chunks`, `total` in all; returns false, leaving the
    /// bitmap in an unspecified state, when one of them finds its bit set (a repeat, or two
    /// items sharing a bit).
    ///
    /// The items set their bits in the bitmap as it is, in the same pass that finds their least
    /// and greatest; only when that span outgrows the bitmap is it made anew, and every item
    /// added so far set again.
    @inlinable
    mutating func add<Key>(_ items: [Key], total: Int, after chunks: [PendingChunk<Key>]) -> Bool {
        let (clear, itemsLow, itemsHigh) = setBits(items)
        (low, high) = (min(low, itemsLow), max(high, itemsHigh))
        let span = high &- low
        var needed = UInt64(8 &* total)
        if span < UInt64(64 &* total) || span < 1 << 18 { needed = 4 &* (span &+ 1) }
        guard needed > UInt64(words.count &<< 6) else { return clear }
        var newCount = 64
        while UInt64(newCount) < 2 &* needed, newCount < 1 << 32 { newCount &<<= 1 }
        words = Array(repeating: 0, count: newCount >> 6)
        shift = UInt64(64 &- newCount.trailingZeroBitCount)
        for chunk in chunks where !setBits(chunk.items).clear { return false }
        return setBits(items).clear
    }

    /// Sets the bits of `items` (none while the bitmap is empty); returns whether each found its
    /// bit clear, and the least and greatest of them as ``ordered(_:)`` gives them.
    @inlinable
    mutating func setBits<Key>(_ items: [Key]) -> (clear: Bool, low: UInt64, high: UInt64) {
        let shift = self.shift
        return items.withUnsafeBufferPointer { items in
            words.withUnsafeMutableBufferPointer { words in
                var shared: UInt64 = 0
                var (low, high) = (UInt64.max, UInt64.min)
                let empty = words.isEmpty
                for item in items {
                    let value = integerWord(item).unsafelyUnwrapped
                    (low, high) = (min(low, Self.ordered(value)), max(high, Self.ordered(value)))
                    if empty { continue }
                    let position = Int(truncatingIfNeeded: DuplicateFilter.wordBits(value) >> shift)
                    let mask: UInt64 = 1 << UInt64(position & 63)
                    let word = words[position >> 6]
                    shared |= word & mask
                    words[position >> 6] = word | mask
                }
                return (shared == 0, low, high)
            }
        }
    }

    /// Whether `key` was added, when the bitmap can tell (nil otherwise): it can when it has 3
    /// bits or more per integer between the least and the greatest identifier added, which then
    /// all have bits of their own.
    @inlinable
    func contains<Key>(_ key: Key) -> Bool? {
        guard low <= high, high &- low < UInt64(words.count &<< 6) / 3 else { return nil }
        let word = integerWord(key).unsafelyUnwrapped
        guard Self.ordered(word) >= low, Self.ordered(word) <= high else { return false }
        let position = Int(truncatingIfNeeded: DuplicateFilter.wordBits(word) >> shift)
        return words[position >> 6] & (1 << UInt64(position & 63)) != 0
    }
}
