/// A leaf of an item tree: up to 255 consecutive items of one section, in order.
///
/// The items are an `ArraySlice`: a leaf made by appending an array is a slice of that array's
/// own storage, so building a snapshot does not copy its items; a leaf copies its slice only
/// when it changes. Each item has a slot (0...254) that the item index records and that stays
/// put while the leaf changes around it; `rank(ofSlot:)` turns it into the item's offset in the
/// leaf. A leaf whose slots equal its offsets (as built, or only appended to or cut at the end)
/// keeps no slot tables at all.
///
/// A leaf is changed in place only while the one tree path holding it is unique; otherwise it
/// is copied first (O(255)).
@usableFromInline
final class ItemLeaf<Item: Hashable & Sendable>: @unchecked Sendable {
    /// The leaf's number in the snapshot's ``LeafDirectory``; the item index names it.
    @usableFromInline let id: UInt32
    @exclusivity(unchecked) @usableFromInline var items: ArraySlice<Item>
    /// Empty when every item's slot is its offset; otherwise, by offset, the item's slot.
    @exclusivity(unchecked) @usableFromInline var slotOfRank: [UInt8]
    /// Empty when every item's slot is its offset; otherwise, by slot, the offset of the item in
    /// it, or `freeSlot`.
    @exclusivity(unchecked) @usableFromInline var rankOfSlot: [UInt8]

    /// The most items a leaf holds.
    @inlinable static var capacity: Int { 255 }
    /// How full bulk appends make their leaves, leaving room for inserts.
    @inlinable static var bulkFill: Int { 192 }
    @inlinable static var freeSlot: UInt8 { 0xFF }

    @inlinable
    init(id: UInt32, items: ArraySlice<Item>, slotOfRank: [UInt8] = [], rankOfSlot: [UInt8] = []) {
        self.id = id
        self.items = items
        self.slotOfRank = slotOfRank
        self.rankOfSlot = rankOfSlot
    }

    /// The same items under another number (the slices are shared, not copied).
    @inlinable
    func copy(id newID: UInt32? = nil) -> ItemLeaf {
        ItemLeaf(id: newID ?? id, items: items, slotOfRank: slotOfRank, rankOfSlot: rankOfSlot)
    }

    @inlinable
    var count: Int { items.count }

    @inlinable
    func item(atRank rank: Int) -> Item {
        items[items.startIndex &+ rank]
    }

    /// Whether every item's slot is its offset (no slot tables).
    @inlinable
    var slotsAreRanks: Bool { rankOfSlot.isEmpty }

    @inlinable
    func slot(ofRank rank: Int) -> Int {
        slotsAreRanks ? rank : Int(slotOfRank[rank])
    }

    /// The offset of the item in `slot`, which holds one.
    @inlinable
    func rank(ofSlot slot: Int) -> Int {
        slotsAreRanks ? slot : Int(rankOfSlot[slot])
    }

    /// Whether `slot` holds an item.
    @inlinable
    func holds(slot: Int) -> Bool {
        slotsAreRanks ? slot < count : rankOfSlot[slot] != Self.freeSlot
    }

    /// Builds the slot tables, leaving slots where they are.
    @inlinable
    func makeSlotTables() {
        guard slotsAreRanks else { return }
        slotOfRank = (0..<count).map { UInt8(truncatingIfNeeded: $0) }
        rankOfSlot = Array(repeating: Self.freeSlot, count: Self.capacity)
        for rank in 0..<count { rankOfSlot[rank] = UInt8(truncatingIfNeeded: rank) }
    }

    /// Rewrites `rankOfSlot` for the items from offset `start` on.
    @inlinable
    func renumberRanks(from start: Int) {
        for rank in start..<count { rankOfSlot[Int(slotOfRank[rank])] = UInt8(truncatingIfNeeded: rank) }
    }

    /// Inserts `newItems` at offset `rank`, calling `placed` with each new item and its slot.
    /// The caller guarantees room.
    @inlinable
    func insert(_ newItems: some Collection<Item>, atRank rank: Int, _ placed: (Item, Int) -> Void) {
        let oldCount = count
        if slotsAreRanks && rank == oldCount {
            // Appending keeps slots equal to offsets.
            items.append(contentsOf: newItems)
            for (offset, item) in newItems.enumerated() { placed(item, oldCount &+ offset) }
            return
        }
        makeSlotTables()
        var slots: [UInt8] = []
        slots.reserveCapacity(newItems.count)
        var candidate = 0
        for item in newItems {
            while rankOfSlot[candidate] != Self.freeSlot { candidate &+= 1 }
            rankOfSlot[candidate] = 0  // taken; its rank is written below
            slots.append(UInt8(truncatingIfNeeded: candidate))
            placed(item, candidate)
        }
        items.insert(contentsOf: newItems, at: items.startIndex &+ rank)
        slotOfRank.insert(contentsOf: slots, at: rank)
        renumberRanks(from: rank)
    }

    /// Removes the items at `ranks` (ascending), freeing their slots.
    @inlinable
    func remove(ranks: [Int]) {
        guard let first = ranks.first else { return }
        if slotsAreRanks && ranks.count == count &- first {
            // Cutting the end keeps slots equal to offsets, and the slice needs no copy.
            items = items[..<(items.startIndex &+ first)]
            return
        }
        makeSlotTables()
        var kept: [Item] = []
        kept.reserveCapacity(count &- ranks.count)
        kept.append(contentsOf: items[..<(items.startIndex &+ first)])
        var next = 0
        var write = first
        for read in first..<count {
            if next < ranks.count, ranks[next] == read {
                next &+= 1
                rankOfSlot[Int(slotOfRank[read])] = Self.freeSlot
                continue
            }
            kept.append(items[items.startIndex &+ read])
            slotOfRank[write] = slotOfRank[read]
            write &+= 1
        }
        items = kept[...]
        slotOfRank.removeSubrange(write...)
        renumberRanks(from: first)
    }

    /// Removes the items from offset `rank` on and returns them.
    @inlinable
    func removeSuffix(from rank: Int) -> [Item] {
        let removed = Array(items[(items.startIndex &+ rank)...])
        remove(ranks: Array(rank..<count))
        return removed
    }

    /// Removes the items before offset `rank` and returns them.
    @inlinable
    func removePrefix(upTo rank: Int) -> [Item] {
        let removed = Array(items[..<(items.startIndex &+ rank)])
        remove(ranks: Array(0..<rank))
        return removed
    }
}
