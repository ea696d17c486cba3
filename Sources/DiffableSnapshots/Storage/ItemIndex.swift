/// A snapshot's index from item identifier to ``ItemSlot``: a flat table built in bulk, plus a
/// persistent overlay of what changed since.
///
/// While one snapshot alone holds the flat table and the overlay is empty (a snapshot being
/// built, or edited after it was last copied and compacted), changes go straight into the flat
/// table, at hash-table speed. Once the table is shared with a copy, each side records its
/// changes in its own overlay (O(log *m*) per change, structurally shared), and the table stays
/// as it is. When an overlay outgrows a sixteenth of the items, the snapshot folds everything
/// into a fresh table (``DiffableDataSourceSnapshot`` calls ``rebuild(capacity:_:)``): an O(*n*)
/// step that at most one edit in *n*/16 pays for.
///
/// The first bulk append to an empty index may put its table off (``pending``): the table is
/// then built by the first lookup, or taken over by the first change.
@usableFromInline
struct ItemIndex<Key: Hashable & Sendable>: @unchecked Sendable {
    // The table is changed only while uniquely referenced; the overlay is persistent. While
    // `pending` is set, `table` is nil and the overlay empty.
    @usableFromInline var table: ItemTable<Key>?
    @usableFromInline var pending: PendingTable<Key>?
    @usableFromInline var overlay: ItemOverlay<Key>

    @inlinable
    init() {
        table = nil
        pending = nil
        overlay = ItemOverlay()
    }

    /// Whether the index holds nothing and has nothing put off.
    @inlinable
    var isEmpty: Bool { table == nil && pending == nil && overlay.isEmpty }

    /// The flat table, built now if it was put off (under a lock: O(*n*) once, then the cost of
    /// the lock on every call).
    @inlinable
    var flatTable: ItemTable<Key>? {
        table ?? pending?.table()
    }

    /// This index with its flat table built, for a run of lookups that should not each take
    /// the lock of a put-off table.
    @inlinable
    func materialized() -> ItemIndex {
        guard let pending else { return self }
        var index = self
        index.table = pending.table()
        index.pending = nil
        return index
    }

    /// This index if its flat table is built (or there is none), nil while it is put off and
    /// no lookup has built it yet.
    @inlinable
    func builtIndex() -> ItemIndex? {
        guard let pending else { return self }
        guard let built = pending.builtTable else { return nil }
        var index = self
        index.table = built
        index.pending = nil
        return index
    }

    /// Builds or takes over a put-off table before a change; a table this index alone holds is
    /// built with room for `additional` more keys.
    @inlinable
    mutating func materialize(reserving additional: Int = 0) {
        guard pending != nil else { return }
        table = isKnownUniquelyReferenced(&pending!)
            ? pending.unsafelyUnwrapped.takeTable(reserving: additional) : pending.unsafelyUnwrapped.table()
        pending = nil
    }

    @inlinable
    static func hash(_ key: Key) -> Int {
        itemTableHash(key)
    }

    /// The slot of `key`, or `nil` when the index does not hold it.
    @inlinable
    subscript(key: Key) -> ItemSlot? {
        find(key, hash: Self.hash(key))
    }

    @inlinable
    func find(_ key: Key, hash: Int) -> ItemSlot? {
        if !overlay.isEmpty, let slot = overlay.find(key, hash: hash) {
            return slot == .none ? nil : slot
        }
        guard let table = flatTable else { return nil }
        let bucket = table.find(key, hash: hash)
        return bucket < 0 ? nil : table.slot(at: bucket)
    }

    /// The slot of `key`, given its first bucket in the flat table and what that bucket held,
    /// read ahead by ``ItemTable/touch(_:_:_:count:)``. Only for an index with no table put off
    /// (see ``materialized()``).
    @inlinable
    func find(_ key: Key, hash: Int, bucket: Int, first: Int) -> ItemSlot? {
        assert(pending == nil, "a put-off table is looked up by bucket")
        if !overlay.isEmpty, let slot = overlay.find(key, hash: hash) {
            return slot == .none ? nil : slot
        }
        guard let table else { return nil }
        let found = table.find(key, bucket: bucket, first: first)
        return found < 0 ? nil : table.slot(at: found)
    }

    /// Whether changes go straight into the flat table: this index alone holds it and nothing
    /// is overlaid on it. A put-off table is built or taken over first.
    @inlinable
    mutating func changesInPlace(reserving additional: Int = 0) -> Bool {
        materialize(reserving: additional)
        return overlay.isEmpty && (table == nil || isKnownUniquelyReferenced(&table!))
    }

    /// How many keys added at once always go into the flat table, growing it if it is full.
    @inlinable
    static var bulkAddition: Int { 64 }

    /// Whether `additional` new keys can go straight into the flat table, making room for them
    /// if needed: a first table is made to measure; a full one grows by half (or to what is
    /// needed) for a bulk addition (``bulkAddition`` keys or more, or a sixteenth of the table),
    /// so that a list built section by section is indexed in place at amortized O(1) per key.
    /// A few keys go to the overlay instead, so that one insert never rehashes a large table;
    /// the snapshot folds the overlay once it outgrows a sixteenth of the items.
    @inlinable
    mutating func prepareInPlace(adding additional: Int) -> Bool {
        guard changesInPlace(reserving: additional) else { return false }
        guard let current = table else {
            table = ItemTable(bucketCount: ItemTable<Key>.bucketCount(forCapacity: additional, dense: true), dense: true)
            return true
        }
        let needed = current.count + additional
        if needed <= current.capacity { return true }
        if additional < Self.bulkAddition, additional * 16 < current.count { return false }
        table = current.moved(
            toBucketCount: ItemTable<Key>.bucketCount(forCapacity: max(needed, current.count + current.count / 2), dense: true))
        return true
    }

    /// Adds `key` at `slot` unless the index holds it already; returns whether it was added.
    @inlinable
    mutating func insertNew(_ key: Key, hash: Int, slot: ItemSlot) -> Bool {
        if prepareInPlace(adding: 1) {
            return table.unsafelyUnwrapped.insertNew(key, hash: hash, slot: slot)
        }
        guard find(key, hash: hash) == nil else { return false }
        overlay.set(key, hash: hash, to: slot)
        return true
    }

    /// Moves a key the index holds to `slot`.
    @inlinable
    mutating func update(_ key: Key, hash: Int, to slot: ItemSlot) {
        if changesInPlace(), let table {
            let bucket = table.find(key, hash: hash)
            if bucket >= 0 {
                table.setSlot(slot, at: bucket)
                return
            }
        }
        overlay.set(key, hash: hash, to: slot)
    }

    /// Removes `key`, returning its slot if the index held it.
    @inlinable
    mutating func remove(_ key: Key, hash: Int) -> ItemSlot? {
        if changesInPlace() {
            return table?.remove(key, hash: hash)
        }
        guard let slot = find(key, hash: hash) else { return nil }
        overlay.set(key, hash: hash, to: .none)
        return slot
    }

    /// Replaces everything with a fresh flat table for `capacity` keys, holding the items of
    /// `leaves` (all distinct).
    @inlinable
    mutating func rebuild(capacity: Int, with leaves: [ItemLeaf<Key>]) {
        table = nil  // the old table's memory can then serve the new one
        pending = nil
        table = ItemTable.make(capacity: capacity, filledWith: leaves).table
        overlay = ItemOverlay()
    }

    /// Empties the index.
    @inlinable
    mutating func removeAll() {
        self = ItemIndex()
    }
}
