/// Where the item index says an item is: a leaf of an item tree, by the leaf's number, and a
/// slot of that leaf.
///
/// Slots stay put while other items of the leaf are inserted, deleted or moved, so an edit
/// rewrites the index entries of the items it touches only, never those of their neighbours.
@usableFromInline
struct ItemSlot: Equatable, Sendable {
    @usableFromInline var rawValue: UInt32

    @inlinable
    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    @inlinable
    init(leaf: UInt32, slot: Int) {
        rawValue = leaf << 8 | UInt32(truncatingIfNeeded: slot)
    }

    /// The number of the leaf.
    @inlinable
    var leaf: UInt32 { rawValue >> 8 }

    /// The slot in the leaf.
    @inlinable
    var slot: Int { Int(rawValue & 0xFF) }

    /// No item: an empty bucket of the flat table, a deleted item in the overlay.
    @inlinable
    static var none: ItemSlot { ItemSlot(rawValue: .max) }

    /// Leaf numbers stay below this bound (the all-ones number is ``none``'s).
    @inlinable
    static var leafLimit: UInt32 { (1 << 24) - 1 }
}
