public import DiffableSupport

/// The items of a snapshot's first bulk append, kept in place of their flat index table until
/// something needs the table.
///
/// Filling an index is most of the cost of building a snapshot from an array, and many
/// snapshots are only read in order and diffed, which needs no index (see ``SnapshotDiffer``).
/// Such a snapshot keeps its array (which its leaves slice anyway, so this costs no memory) and
/// the numbers of the leaves over it, after ``DuplicateFilter`` has ruled out a repeated item.
///
/// The first lookup builds the table; the first change takes it over. Copies of a snapshot
/// share this object across threads, so the table is built once, under a lock. Reads cost that
/// lock until the snapshot next changes.
@usableFromInline
final class PendingTable<Key: Hashable & Sendable>: @unchecked Sendable {
    /// The appended items; leaf `i` is `leafIDs[i]` and holds `items[leafStarts[i]..<leafStarts[i + 1]]`
    /// (the last one up to the end), each item in the slot of its offset in the leaf.
    @usableFromInline let items: [Key]
    @usableFromInline let leafIDs: [UInt32]
    @usableFromInline let leafStarts: [Int]
    @usableFromInline let lock = RawLock()
    // Guarded by `lock`.
    @usableFromInline var built: ItemTable<Key>?

    /// Whether appends may put off their index: only where there is a lock to build it under.
    @inlinable
    static var isAvailable: Bool { RawLock.isAvailable }

    /// The fewest items an append puts off indexing for: a smaller table costs little to fill,
    /// and lookups in it then take no lock.
    @inlinable
    static var minimumCount: Int { 1_024 }

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

    /// The table, built by the first caller. Safe from any thread.
    @inlinable
    func table() -> ItemTable<Key> {
        lock.withLock {
            if let built { return built }
            let table = makeTable()
            built = table
            return table
        }
    }

    /// The table if a lookup built it already.
    @inlinable
    var builtTable: ItemTable<Key>? {
        lock.withLock { built }
    }

    /// The table, for the one holder of this object, which is about to drop it; built now with
    /// room for `additional` more keys if it was not built yet.
    @inlinable
    func takeTable(reserving additional: Int) -> ItemTable<Key> {
        built ?? makeTable(reserving: additional)
    }

    @inlinable
    func makeTable(reserving additional: Int = 0) -> ItemTable<Key> {
        var leaves: [ItemLeaf<Key>] = []
        leaves.reserveCapacity(leafIDs.count)
        for (number, id) in leafIDs.enumerated() {
            let end = number &+ 1 < leafStarts.count ? leafStarts[number &+ 1] : items.endIndex
            leaves.append(ItemLeaf(id: id, items: items[leafStarts[number]..<end]))
        }
        return ItemTable.make(capacity: items.count &+ additional, filledWith: leaves).table
    }
}
