extension DiffableDataSourceSectionSnapshot {
    /// Expands items, so that their children are visible whenever the items themselves are.
    ///
    /// Expanding an expanded item does nothing. A leaf can be expanded: it stays a leaf, but
    /// children added to it later are visible at once. Descendants keep their own state.
    ///
    /// - Precondition: Every item is in the section snapshot.
    /// - Complexity: O(*k*) on average for *k* items.
    @inlinable
    public mutating func expand(_ items: [ItemIdentifierType]) {
        for item in items {
            nodes[Int(existingSlot(of: item, "expand(_:)"))].isExpanded = true
        }
    }

    /// Collapses items, hiding all their descendants.
    ///
    /// Collapsing a collapsed item (or a leaf) does nothing. Descendants keep their own
    /// expansion state, so expanding the item again shows its subtree as it was.
    ///
    /// - Precondition: Every item is in the section snapshot.
    /// - Complexity: O(*k*) on average for *k* items.
    @inlinable
    public mutating func collapse(_ items: [ItemIdentifierType]) {
        for item in items {
            nodes[Int(existingSlot(of: item, "collapse(_:)"))].isExpanded = false
        }
    }

    /// Whether an item is expanded; `false` for an item that is not in the section snapshot.
    /// O(1) on average.
    @inlinable
    public func isExpanded(_ item: ItemIdentifierType) -> Bool {
        guard let slot = slotOfItem[item] else { return false }
        return nodes[Int(slot)].isExpanded
    }

    /// Whether an item is visible: every one of its ancestors is expanded. Root items are always
    /// visible; an item that is not in the section snapshot is not.
    ///
    /// - Complexity: O(*d*) on average, for an item at level *d*: the snapshot keeps no
    ///   visibility index, so that expanding and collapsing stay O(1).
    @inlinable
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        guard let slot = slotOfItem[item] else { return false }
        var ancestor = nodes[Int(slot)].parent
        while ancestor >= 0 {
            guard nodes[Int(ancestor)].isExpanded else { return false }
            ancestor = nodes[Int(ancestor)].parent
        }
        return true
    }

    /// The visible items, depth first: what a list shows for this section.
    ///
    /// - Complexity: O(*v* + *c* log *n*) expected, for *v* visible items and *c* collapsed
    ///   visible items whose subtrees are skipped; O(*n*) at most.
    @inlinable
    public var visibleItems: [ItemIdentifierType] {
        var visible: [ItemIdentifierType] = []
        walk(0..<count) { slot in
            let node = Int(slot)
            visible.append(nodes[node].item)
            return nodes[node].isExpanded ? .max : nodes[node].level
        }
        return visible
    }

    /// The expanded items, depth first, whether visible or not. O(*n*).
    @inlinable
    public var expandedItems: [ItemIdentifierType] {
        var expanded: [ItemIdentifierType] = []
        walk(0..<count) { slot in
            if nodes[Int(slot)].isExpanded { expanded.append(nodes[Int(slot)].item) }
            return .max
        }
        return expanded
    }
}
