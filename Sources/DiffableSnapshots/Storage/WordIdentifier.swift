/// An item identifier that one 64-bit word stands for in hashing: equal identifiers have equal
/// words.
///
/// The repeat check of a large append (``DuplicateFilter``) treats such identifiers as it treats
/// integers: it multiplies the word instead of hashing the identifier, and words a constant step
/// apart, such as the row numbers of one table, then share no bit of its bitmap. The check is
/// dispatched on the type once per append, and runs in the conforming module's own
/// specialization.
///
/// Package-wide: the store's `ObjectID` conforms, with its table number and row number mixed
/// into one word.
@usableFromInline
package protocol WordIdentifier: Hashable, Sendable {
    /// A word that equal identifiers share; distinct identifiers should differ in it.
    var identifierWord: UInt64 { get }

    /// The offset of the first identifier in `items` (memory bound to `Self`) that repeats an
    /// earlier one, or nil. The default is the repeat check by words.
    static func firstRepeat(in items: UnsafeRawBufferPointer) -> Int?
}

extension WordIdentifier {
    /// The repeat check of ``DuplicateFilter``, each identifier's bit picked by its word.
    @inlinable
    package static func firstRepeat(in items: UnsafeRawBufferPointer) -> Int? {
        let identifiers = UnsafeBufferPointer(
            start: items.baseAddress?.assumingMemoryBound(to: Self.self), count: items.count / MemoryLayout<Self>.stride)
        return DuplicateFilter.firstRepeat(in: identifiers, keepsPositions: false) { DuplicateFilter.wordBits($0.identifierWord) }
    }
}
