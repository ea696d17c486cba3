public import DiffableSupport

// Node table and identifier index maintenance shared by every mutation.

extension DiffableDataSourceSectionSnapshot {
    @inlinable
    func existingSlot(of item: ItemIdentifierType, _ caller: StaticString) -> Int32 {
        guard let slot = slotOfItem[item] else {
            programmerError("Item identifier \(String(reflecting: item)), passed to \(caller), is not in the section snapshot; check it with contains(_:) first.")
        }
        return slot
    }

    /// The placement of items appended as the last children of `parent`, or as the last root
    /// items when `parent` is `nil`.
    @inlinable
    func placement(appendingTo parent: ItemIdentifierType?, _ caller: StaticString) -> OutlinePlacement {
        guard let parent else { return OutlinePlacement(rank: count, level: 0, parent: -1) }
        let slot = existingSlot(of: parent, caller)
        let end = subtreeRanks(of: slot).upperBound
        return OutlinePlacement(rank: end, level: nodes[Int(slot)].level + 1, parent: slot)
    }

    /// The placement of items that become the siblings just before `anchor`.
    @inlinable
    func placement(before anchor: ItemIdentifierType, _ caller: StaticString) -> OutlinePlacement {
        let slot = existingSlot(of: anchor, caller)
        return OutlinePlacement(rank: rank(of: slot), level: nodes[Int(slot)].level, parent: nodes[Int(slot)].parent)
    }

    /// The placement of items that become the siblings just after `anchor`, past its descendants.
    @inlinable
    func placement(after anchor: ItemIdentifierType, _ caller: StaticString) -> OutlinePlacement {
        let slot = existingSlot(of: anchor, caller)
        return OutlinePlacement(
            rank: subtreeRanks(of: slot).upperBound,
            level: nodes[Int(slot)].level,
            parent: nodes[Int(slot)].parent
        )
    }

    @inlinable
    mutating func allocate(_ node: OutlineNode<ItemIdentifierType>) -> Int32 {
        if let slot = freeSlots.popLast() {
            nodes[Int(slot)] = node
            return slot
        }
        precondition(nodes.count < Int(Int32.max), "DiffableDataSourceSectionSnapshot holds at most \(Int32.max) items; spread them over several sections.")
        nodes.append(node)
        return Int32(truncatingIfNeeded: nodes.count - 1)
    }

    /// Adds a node to the table and the identifier index and appends its slot to `slots` (the
    /// nodes added by the current call, used to word the message on a duplicate).
    @inlinable
    mutating func add(_ node: OutlineNode<ItemIdentifierType>, to slots: inout [Int32], _ caller: StaticString) {
        let slot = allocate(node)
        if let existing = slotOfItem.updateValue(slot, forKey: node.item) {
            programmerError(duplicateIdentifierMessage(
                caller, kind: "item", node.item,
                repeatedInCall: slots.contains(existing), container: "section snapshot",
                rule: "must be unique at every level"
            ))
        }
        slots.append(slot)
    }

    /// Inserts new collapsed items, in order, at `placement`.
    @inlinable
    mutating func insert(_ items: [ItemIdentifierType], at placement: OutlinePlacement, _ caller: StaticString) {
        guard !items.isEmpty else { return }
        var slots: [Int32] = []
        slots.reserveCapacity(items.count)
        slotOfItem.reserveCapacity(slotOfItem.count + items.count)
        for item in items {
            let node = OutlineNode(item: item, level: placement.level, parent: placement.parent, isExpanded: false)
            add(node, to: &slots, caller)
        }
        splice(buildTree(slots), atRank: placement.rank)
    }

    /// Inserts copies of the items of `source` at `sourceRanks` (the whole of `source`, or one
    /// of its subtrees) at `placement`, keeping their hierarchy and expansion state: the
    /// shallowest of them take `placement`'s level and parent.
    @inlinable
    mutating func insert(
        from source: Self,
        _ sourceRanks: Range<Int>,
        at placement: OutlinePlacement,
        _ caller: StaticString
    ) {
        guard !sourceRanks.isEmpty else { return }
        var slots: [Int32] = []
        slots.reserveCapacity(sourceRanks.count)
        slotOfItem.reserveCapacity(slotOfItem.count + sourceRanks.count)
        var lastAtDepth: [Int32] = []  // the slot of the latest item added at each depth
        var topLevel: Int32 = -1
        source.walk(sourceRanks) { sourceSlot in
            let original = source.nodes[Int(sourceSlot)]
            if topLevel < 0 { topLevel = original.level }
            let depth = Int(original.level - topLevel)
            lastAtDepth.removeLast(lastAtDepth.count - depth)
            let node = OutlineNode(
                item: original.item,
                level: placement.level + Int32(depth),
                parent: depth == 0 ? placement.parent : lastAtDepth[depth - 1],
                isExpanded: original.isExpanded
            )
            add(node, to: &slots, caller)
            lastAtDepth.append(slots[slots.count - 1])
            return .max
        }
        splice(buildTree(slots), atRank: placement.rank)
    }

    /// Inserts copies of all the items of `snapshot` at `placement`, keeping their hierarchy and
    /// expansion state.
    @inlinable
    mutating func insert(contentsOf snapshot: Self, at placement: OutlinePlacement, _ caller: StaticString) {
        insert(from: snapshot, 0..<snapshot.count, at: placement, caller)
    }

    /// Detaches the items at `ranks`, removes them from the identifier index and frees their
    /// slots.
    @inlinable
    mutating func remove(_ ranks: Range<Int>) {
        guard !ranks.isEmpty else { return }
        var pending = [cut(ranks)]
        while let slot = pending.popLast() {
            let index = Int(slot)
            slotOfItem.removeValue(forKey: nodes[index].item)
            if nodes[index].left >= 0 { pending.append(nodes[index].left) }
            if nodes[index].right >= 0 { pending.append(nodes[index].right) }
            freeSlots.append(slot)
        }
    }

    /// The positions of an item and its descendants.
    @inlinable
    func subtreeRanks(of slot: Int32) -> Range<Int> {
        let rank = rank(of: slot)
        return rank..<subtreeEnd(of: slot, rank: rank)
    }

    /// Rebuilds the node table without free slots once they outnumber the items, so memory
    /// follows the number of items. Amortised O(1) per deleted item.
    @inlinable
    mutating func compactIfSparse() {
        guard freeSlots.count > 64, freeSlots.count > nodes.count / 2 else { return }
        var compacted = Self()
        compacted.insert(contentsOf: self, at: OutlinePlacement(rank: 0, level: 0, parent: -1), "compaction")
        self = compacted
    }
}
