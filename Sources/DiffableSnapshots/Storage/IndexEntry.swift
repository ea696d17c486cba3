/// An identifier with its hash (computed once) and its ``ItemSlot``: an entry of the
/// ``ItemOverlay``, and a key on its way into an ``ItemTable`` filled by partition.
@usableFromInline
struct IndexEntry<Key: Hashable & Sendable> {
    @usableFromInline var hash: Int
    @usableFromInline var key: Key
    @usableFromInline var slot: ItemSlot

    @inlinable
    init(hash: Int, key: Key, slot: ItemSlot) {
        self.hash = hash
        self.key = key
        self.slot = slot
    }
}
