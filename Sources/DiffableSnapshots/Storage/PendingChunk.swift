/// One append whose index a ``PendingTable`` puts off: the array appended and the leaves over it.
@usableFromInline
struct PendingChunk<Key: Hashable & Sendable>: Sendable {
    /// The appended items; leaf `i` is `leafIDs[i]` and holds `items[leafStarts[i]..<leafStarts[i + 1]]`
    /// (the last one up to the end), each item in the slot of its offset in the leaf.
    @usableFromInline let items: [Key]
    @usableFromInline let leafIDs: [UInt32]
    @usableFromInline let leafStarts: [Int]

    /// Keeps `leaves`, fresh leaves that slice `items` in order, each item in the slot of its
    /// offset.
    @inlinable
    init(items: [Key], leaves: [ItemLeaf<Key>]) {
        self.items = items
        var leafIDs: [UInt32] = []
        var leafStarts: [Int] = []
        leafIDs.reserveCapacity(leaves.count)
        leafStarts.reserveCapacity(leaves.count)
        for leaf in leaves {
            leafIDs.append(leaf.id)
            leafStarts.append(leaf.items.startIndex)
        }
        self.leafIDs = leafIDs
        self.leafStarts = leafStarts
    }

    /// Adds the chunk's leaves, made afresh over its items, to `leaves`.
    @inlinable
    func appendLeaves(to leaves: inout [ItemLeaf<Key>]) {
        for (number, id) in leafIDs.enumerated() {
            let end = number &+ 1 < leafStarts.count ? leafStarts[number &+ 1] : items.endIndex
            leaves.append(ItemLeaf(id: id, items: items[leafStarts[number]..<end]))
        }
    }
}
