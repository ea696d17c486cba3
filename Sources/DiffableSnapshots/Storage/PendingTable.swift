public import DiffableSupport

/// The items of a snapshot's appends to empty sections, kept in place of their flat index table
/// until something needs the table.
///
/// Filling an index is most of the cost of building a snapshot from arrays, and many snapshots
/// are only read in order and diffed, which needs no index (see ``SnapshotDiffer``). Such a
/// snapshot keeps its arrays (which its leaves slice anyway, so this costs no memory) and the
/// numbers of the leaves over them, after ``DuplicateFilter`` has ruled out an item repeated
/// within the first append, and ``AppendFilter`` one repeated within or across later ones.
///
/// The first lookup builds the table; the first other change takes it over. Copies of a
/// snapshot share this object across threads, so the table is built once, under a lock. Reads
/// cost that lock until the snapshot next changes.
@usableFromInline
final class PendingTable<Key: Hashable & Sendable>: @unchecked Sendable {
    /// The appends, in order. Grown only by the one holder of this object, before any lookup.
    @usableFromInline var chunks: [PendingChunk<Key>]
    /// How many items the chunks hold.
    @usableFromInline var count: Int
    /// The bits of the chunks' items, for identifiers ``AppendFilter`` tells apart (nil for
    /// others, when the first append's items shared a bit, and once a table is built).
    @usableFromInline var filter: AppendFilter?
    @usableFromInline let lock = RawLock()
    // Guarded by `lock`.
    @usableFromInline var built: ItemTable<Key>?

    /// Whether appends may put off their index: only where there is a lock to build it under.
    @inlinable
    static var isAvailable: Bool { RawLock.isAvailable }

    /// Keeps `leaves`, fresh leaves that slice `items` in order, each item in the slot of its
    /// offset.
    @inlinable
    init(items: [Key], leaves: [ItemLeaf<Key>], filter: AppendFilter?) {
        chunks = [PendingChunk(items: items, leaves: leaves)]
        count = items.count
        self.filter = filter
    }

    /// Whether `key` is among the items, when the filter can tell without the table (see
    /// ``AppendFilter/contains(_:)``); nil otherwise. Only for the one holder of this object,
    /// before any lookup built its table.
    @inlinable
    func filterContains(_ key: Key) -> Bool? {
        guard AppendFilter.filters(Key.self) else { return nil }
        return filter?.contains(key)
    }

    /// Adds the appended `items`, sliced in order by the fresh `leaves`, if ``AppendFilter``
    /// rules out their repeating an item of an earlier append or of their own; returns false
    /// otherwise, and then the caller takes the table over to add them. Only for the one holder
    /// of this object, before any lookup built its table.
    @inlinable
    func append(_ items: [Key], leaves: [ItemLeaf<Key>]) -> Bool {
        guard AppendFilter.filters(Key.self), count &+ items.count <= Int(UInt32.max), var filter else { return false }
        self.filter = nil
        guard filter.add(items, total: count &+ items.count, after: chunks) else { return false }
        self.filter = filter
        chunks.append(PendingChunk(items: items, leaves: leaves))
        count &+= items.count
        return true
    }

    /// The table, built by the first caller. Safe from any thread.
    @inlinable
    func table() -> ItemTable<Key> {
        lock.withLock {
            if let built { return built }
            let table = makeTable()
            built = table
            filter = nil
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
        for chunk in chunks { chunk.appendLeaves(to: &leaves) }
        return ItemTable.make(capacity: count &+ additional, filledWith: leaves).table
    }
}
