extension ItemStorage {
    /// Whether the index should be rebuilt for `itemCount` items: its overlay holds more than a
    /// sixteenth of them (at least 4,096 entries), or its flat table is eight times larger than
    /// they need.
    @inlinable
    func indexNeedsRebuilding(itemCount: Int) -> Bool {
        if index.overlay.count > max(4_096, itemCount / 16) { return true }
        guard let table = index.table, table.bucketCount > 64 else { return false }
        return table.bucketCount > 8 * ItemTable<Item>.bucketCount(forCapacity: itemCount, dense: true)
    }

    /// Folds the index into one fresh flat table for the `itemCount` items of the trees, which
    /// from then on this snapshot changes in place until it is copied again. O(*n*).
    ///
    /// When leaf numbers run short (after millions of leaf splits), the leaves are renumbered
    /// first: every leaf becomes a new object (sharing its items), so the next diff against an
    /// older snapshot finds no shared leaf and takes the full path once.
    @inlinable
    mutating func rebuildIndex(itemCount: Int) {
        if directory.count >= Int(ItemSlot.leafLimit) / 2 { renumberLeaves() }
        let trees = self.trees
        var leaves: [ItemLeaf<Item>] = []
        for tree in trees {
            tree.forEachLeaf { leaf, _ in leaves.append(leaf) }
        }
        index.rebuild(capacity: itemCount, with: leaves)
    }

    /// Gives every leaf a new number from a fresh directory, in section order.
    @inlinable
    mutating func renumberLeaves() {
        directory = LeafDirectory()
        for key in trees.indices where trees[key].root != nil {
            if !isKnownUniquelyReferenced(&trees[key].root) { trees[key].root = trees[key].root.unsafelyUnwrapped.copy() }
            renumber(trees[key].root.unsafelyUnwrapped, sectionKey: UInt32(key))
        }
    }

    @inlinable
    mutating func renumber(_ branch: ItemBranch<Item>, sectionKey key: UInt32) {
        for child in 0..<branch.childCount {
            if branch.height == 1 {
                let id = directory.append(LeafPlace(sectionKey: key, label: branch.labels[child]))
                branch.leaves[child] = branch.leaves[child].copy(id: id)
            } else {
                if !isKnownUniquelyReferenced(&branch.branches[child]) { branch.branches[child] = branch.branches[child].copy() }
                renumber(branch.branches[child], sectionKey: key)
            }
        }
    }
}
