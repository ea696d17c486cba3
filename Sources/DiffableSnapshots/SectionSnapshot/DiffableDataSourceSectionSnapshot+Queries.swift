extension DiffableDataSourceSectionSnapshot {
    /// All items, at every level, depth first: each item is followed by its descendants, then
    /// by its next sibling. O(*n*).
    @inlinable
    public var items: [ItemIdentifierType] {
        var all: [ItemIdentifierType] = []
        all.reserveCapacity(count)
        walk(0..<count) { slot in
            all.append(nodes[Int(slot)].item)
            return .max
        }
        return all
    }

    /// The items at level 0, in order.
    ///
    /// - Complexity: O(*r* log *n*) expected for *r* root items, and O(*n*) at most: the
    ///   descendants are skipped, not read.
    @inlinable
    public var rootItems: [ItemIdentifierType] {
        var roots: [ItemIdentifierType] = []
        walk(0..<count, cutoff: 0) { slot in
            roots.append(nodes[Int(slot)].item)
            return 0
        }
        return roots
    }

    /// Whether the section snapshot contains an item, at any level. O(1) on average.
    @inlinable
    public func contains(_ item: ItemIdentifierType) -> Bool {
        slotOfItem[item] != nil
    }

    /// The position of an item in ``items``, or `nil` if the section snapshot does not contain
    /// it. O(log *n*) expected, from the order the snapshot keeps as it changes.
    @inlinable
    public func index(of item: ItemIdentifierType) -> Int? {
        guard let slot = slotOfItem[item] else { return nil }
        return rank(of: slot)
    }

    /// The depth of an item in the hierarchy: 0 for a root item, 1 for its children, and so on.
    /// O(1) on average.
    ///
    /// - Precondition: The section snapshot contains `item`.
    @inlinable
    public func level(of item: ItemIdentifierType) -> Int {
        Int(nodes[Int(existingSlot(of: item, "level(of:)"))].level)
    }

    /// The parent of an item, or `nil` for a root item or an item that is not in the section
    /// snapshot (use ``contains(_:)`` to tell them apart). O(1) on average.
    @inlinable
    public func parent(of item: ItemIdentifierType) -> ItemIdentifierType? {
        guard let slot = slotOfItem[item] else { return nil }
        let parent = nodes[Int(slot)].parent
        return parent < 0 ? nil : nodes[Int(parent)].item
    }
}
