/// Everything a snapshot knows about its items: one ``ItemTree`` per section (by section key),
/// the ``ItemIndex`` from item to leaf slot, and the ``LeafDirectory`` from leaf to section and
/// label.
///
/// Finding an item: the index gives its leaf and slot; the directory gives the leaf's section
/// and label; a descent by label from the section's root gives the leaf's offset; the leaf turns
/// the slot into the item's offset in the leaf. No position is stored per item, so an edit
/// rewrites the index entries of the items it moves only.
@usableFromInline
struct ItemStorage<Item: Hashable & Sendable>: @unchecked Sendable {
    /// By section key; the tree of a key not in use is empty.
    @usableFromInline var trees: [ItemTree<Item>]
    @usableFromInline var index: ItemIndex<Item>
    @usableFromInline var directory: LeafDirectory

    @inlinable
    init() {
        trees = []
        index = ItemIndex()
        directory = LeafDirectory()
    }

    /// The label spacing of leaves laid out afresh, which leaves room for about 40 splits at any
    /// one place before the section needs relabeling.
    @inlinable
    static var labelSpacing: UInt64 { 1 << 40 }

    // MARK: - Reading

    /// The section key of the item in `slot`.
    @inlinable
    func sectionKey(of slot: ItemSlot) -> UInt32 {
        directory[slot.leaf].sectionKey
    }

    /// The section key of the item in `slot` and its offset in the section.
    @inlinable
    func location(of slot: ItemSlot) -> (sectionKey: UInt32, offset: Int) {
        let place = directory[slot.leaf]
        let (leaf, start) = trees[Int(place.sectionKey)].leaf(labeled: place.label)
        return (place.sectionKey, start &+ leaf.rank(ofSlot: slot.slot))
    }

    // MARK: - Sections

    /// Makes `key` an empty section.
    @inlinable
    mutating func resetSection(_ key: UInt32) {
        let key = Int(key)
        if key == trees.count {
            trees.append(ItemTree())
        } else {
            trees[key] = ItemTree()
        }
    }

    /// Removes every item of section `key` from the index and empties the section; returns the
    /// items that were there.
    @inlinable
    mutating func removeSection(_ key: UInt32) -> [Item] {
        let items = trees[Int(key)].items
        for item in items { _ = index.remove(item, hash: ItemIndex<Item>.hash(item)) }
        trees[Int(key)] = ItemTree()
        return items
    }

    // MARK: - Numbering new leaves

    /// One leaf per label for `items` (balanced sizes), numbered in the directory in section
    /// `key`. The leaves hold slices of `items`, not copies, with slots equal to offsets; their
    /// items are not entered in the index yet.
    @inlinable
    mutating func makeLeaves(_ items: ArraySlice<Item>, sectionKey key: UInt32, labels: ArraySlice<UInt64>) -> [ItemLeaf<Item>] {
        let pieces = labels.count
        var leaves: [ItemLeaf<Item>] = []
        leaves.reserveCapacity(pieces)
        var start = items.startIndex
        for (piece, label) in labels.enumerated() {
            let end = start + (items.endIndex - start) / (pieces - piece)
            let id = directory.append(LeafPlace(sectionKey: key, label: label))
            leaves.append(ItemLeaf(id: id, items: items[start..<end]))
            start = end
        }
        return leaves
    }

    /// Enters the items of new `leaves` in the index, trapping on one already present or
    /// repeated. Their items are slices of `passed`, the identifiers a caller passed.
    ///
    /// With `mayPutOff` (the leaves slice all of `passed`, in order: an append to an empty
    /// section), the index is put off (see ``PendingTable``) when it is empty or put off
    /// already: `passed` is only checked for repeats, within itself and against the earlier
    /// appends put off.
    @inlinable
    mutating func registerNew(_ leaves: [ItemLeaf<Item>], _ caller: StaticString, _ passed: [Item], mayPutOff: Bool = false) {
        var total = 0
        for leaf in leaves { total &+= leaf.count }
        if mayPutOff, putOff(leaves, total: total, caller, passed) { return }
        if index.isEmpty {
            let (table, duplicate) = ItemTable.make(capacity: total, filledWith: leaves)
            index.table = table
            if let duplicate { Self.reportDuplicate(duplicate, caller, passed, nil) }
            return
        }
        guard index.prepareInPlace(adding: total) else {
            for leaf in leaves {
                for rank in 0..<leaf.count {
                    Self.register(leaf.item(atRank: rank), at: ItemSlot(leaf: leaf.id, slot: rank), in: &index, caller, passed, leaf.items.startIndex &+ rank)
                }
            }
            return
        }
        if let duplicate = index.table.unsafelyUnwrapped.insertNew(leaves: leaves) {
            Self.reportDuplicate(duplicate, caller, passed, nil)
        }
    }

    /// Puts off indexing the `total` items of `leaves`, which slice all of `passed` in order,
    /// if the index is empty, or put off and held by this storage alone with no table built
    /// yet, and no item repeats. Returns whether it did. A first append traps on an item
    /// repeated within `passed`; a later one leaves any doubtful item to the index.
    @inlinable
    mutating func putOff(_ leaves: [ItemLeaf<Item>], total: Int, _ caller: StaticString, _ passed: [Item]) -> Bool {
        guard total <= Int(UInt32.max), indexMayPutOff() else { return false }
        assert(total == passed.count, "put-off leaves slice all of the passed items")
        guard index.isEmpty else {
            // The filter also turns away an item repeated within `passed`; the index built
            // then finds it.
            return index.pending.unsafelyUnwrapped.append(passed, leaves: leaves)
        }
        var filter: AppendFilter? = nil
        if AppendFilter.filters(Item.self) {
            // Items on bits of their own are distinct: the filter stands for the repeat check.
            var made = AppendFilter()
            if made.add(passed, total: total, after: []) { filter = made }
        }
        if filter == nil, let repeated = passed.withUnsafeBufferPointer({ DuplicateFilter.firstRepeat(in: $0) }) {
            Self.reportDuplicate(passed[repeated], caller, passed, repeated)
        }
        index.pending = PendingTable(items: passed, leaves: leaves, filter: filter)
        return true
    }

    /// Whether an append to an empty section may put its index off: the index is empty, or put
    /// off and held by this storage alone with no table built yet (and the items are of a type
    /// ``AppendFilter`` tells apart).
    @inlinable
    mutating func indexMayPutOff() -> Bool {
        guard PendingTable<Item>.isAvailable else { return false }
        if index.isEmpty { return true }
        return AppendFilter.filters(Item.self) && index.pending != nil && index.overlay.isEmpty
            && isKnownUniquelyReferenced(&index.pending!) && index.pending.unsafelyUnwrapped.builtTable == nil
    }

    /// Whether `item` is in the storage, answered without building a put-off index when its
    /// filter can tell (see ``AppendFilter/contains(_:)``); nil when only the index can.
    @inlinable
    mutating func containsWithoutIndex(_ item: Item) -> Bool? {
        guard AppendFilter.filters(Item.self), index.pending != nil, index.overlay.isEmpty,
            isKnownUniquelyReferenced(&index.pending!), index.pending.unsafelyUnwrapped.builtTable == nil
        else { return nil }
        return index.pending.unsafelyUnwrapped.filterContains(item)
    }

    /// How many leaves `count` items need at `fill` items per leaf.
    @inlinable
    static func leafCount(for count: Int, fill: Int) -> Int {
        max(1, (count + fill - 1) / fill)
    }

    /// `count` labels strictly between `lower` and `upper`, evenly spaced at most
    /// ``labelSpacing`` apart, or `nil` when there is no room.
    @inlinable
    static func labels(_ count: Int, between lower: UInt64, and upper: UInt64) -> [UInt64]? {
        let gap = upper &- lower
        let step = min(gap / UInt64(count &+ 1), labelSpacing)
        guard step > 0 else { return nil }
        return (1...count).map { lower &+ step &* UInt64($0) }
    }

    /// Lays the labels of section `key` out afresh, evenly spaced, updating the directory.
    @inlinable
    mutating func relabel(section key: UInt32) {
        let tree = trees[Int(key)]
        var leafCount = 0
        tree.forEachLeaf { _, _ in leafCount &+= 1 }
        let step = leafCount < 1 << 23 ? Self.labelSpacing : UInt64.max / UInt64(leafCount &+ 1)
        var next: UInt64 = 0
        guard trees[Int(key)].root != nil else { return }
        if !isKnownUniquelyReferenced(&trees[Int(key)].root) { trees[Int(key)].root = trees[Int(key)].root.unsafelyUnwrapped.copy() }
        relabel(trees[Int(key)].root.unsafelyUnwrapped, sectionKey: key, step: step, next: &next)
    }

    @inlinable
    mutating func relabel(_ branch: ItemBranch<Item>, sectionKey key: UInt32, step: UInt64, next: inout UInt64) {
        for child in 0..<branch.childCount {
            if branch.height == 1 {
                next &+= step
                branch.labels[child] = next
                directory.set(branch.leaves[child].id, LeafPlace(sectionKey: key, label: next))
            } else {
                if !isKnownUniquelyReferenced(&branch.branches[child]) { branch.branches[child] = branch.branches[child].copy() }
                relabel(branch.branches[child], sectionKey: key, step: step, next: &next)
                branch.labels[child] = branch.branches[child].labels[0]
            }
        }
    }
}
