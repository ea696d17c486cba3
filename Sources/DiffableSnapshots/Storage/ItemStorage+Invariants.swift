extension ItemStorage {
    /// Checks the tree of section `key` (counts, labels, the directory, the slot tables, the
    /// index entry of every item) and returns its number of items. Traps on the first broken
    /// invariant.
    @usableFromInline
    func checkTree(ofSection key: UInt32) -> Int {
        let tree = trees[Int(key)]
        guard let root = tree.root else {
            precondition(tree.whole == nil, "an empty section keeps an array")
            return 0
        }
        var previousLabel: UInt64?
        let count = checkBranch(root, sectionKey: key, isRoot: true, previousLabel: &previousLabel)
        precondition(count == root.total && count > 0, "section \(key): root count")
        if let whole = tree.whole {
            precondition(whole == tree.forEachLeafItems(), "section \(key): the kept array differs from the items")
        }
        return count
    }

    @usableFromInline
    func checkBranch(_ branch: ItemBranch<Item>, sectionKey key: UInt32, isRoot: Bool, previousLabel: inout UInt64?) -> Int {
        precondition(branch.childCount > 0 && branch.childCount <= ItemBranch<Item>.capacity, "branch child count \(branch.childCount)")
        precondition(branch.labels.count == branch.childCount, "branch labels")
        precondition(branch.height == 1 ? branch.leaves.count == branch.childCount && branch.branches.isEmpty
            : branch.branches.count == branch.childCount && branch.leaves.isEmpty, "branch children")
        var total = 0
        for child in 0..<branch.childCount {
            let count: Int
            if branch.height == 1 {
                let leaf = branch.leaves[child]
                let place = directory[leaf.id]
                precondition(place.sectionKey == key && place.label == branch.labels[child], "leaf \(leaf.id) misplaced in the directory")
                if let previousLabel { precondition(previousLabel < place.label, "leaf labels out of order") }
                previousLabel = place.label
                count = checkLeaf(leaf)
            } else {
                let sub = branch.branches[child]
                precondition(sub.height == branch.height - 1, "branch heights")
                let first = previousLabel
                count = checkBranch(sub, sectionKey: key, isRoot: false, previousLabel: &previousLabel)
                precondition(first == nil || first! < sub.labels[0], "branch labels out of order")
                precondition(branch.labels[child] == sub.labels[0], "branch label is not its child's smallest")
            }
            precondition(branch.counts[child] == count, "child count")
            total += count
        }
        precondition(branch.total == total, "branch total")
        return total
    }

    @usableFromInline
    func checkLeaf(_ leaf: ItemLeaf<Item>) -> Int {
        precondition(leaf.count > 0 && leaf.count <= ItemLeaf<Item>.capacity, "leaf \(leaf.id) holds \(leaf.count) items")
        if !leaf.slotsAreRanks {
            precondition(leaf.slotOfRank.count == leaf.count && leaf.rankOfSlot.count == ItemLeaf<Item>.capacity, "leaf \(leaf.id) slot tables")
            var used = 0
            for slot in 0..<ItemLeaf<Item>.capacity where leaf.rankOfSlot[slot] != ItemLeaf<Item>.freeSlot {
                precondition(Int(leaf.slotOfRank[Int(leaf.rankOfSlot[slot])]) == slot, "leaf \(leaf.id) slot \(slot)")
                used += 1
            }
            precondition(used == leaf.count, "leaf \(leaf.id) slot count")
        }
        for rank in 0..<leaf.count {
            let item = leaf.item(atRank: rank)
            precondition(index[item] == ItemSlot(leaf: leaf.id, slot: leaf.slot(ofRank: rank)), "item \(item) indexed at the wrong slot")
        }
        return leaf.count
    }

    /// Checks that the index holds exactly `itemCount` items (each tree's items were checked to
    /// be indexed where they are).
    @usableFromInline
    func checkIndex(itemCount: Int) {
        // Built once here, so that the lookups below do not each take a put-off table's lock.
        let index = self.index.materialized()
        var live = 0
        index.table?.forEach { key, _ in
            if index[key] != nil { live += 1 }
        }
        index.overlay.forEach { key, slot in
            let inTable = index.table.map { $0.find(key, hash: ItemIndex<Item>.hash(key)) >= 0 } ?? false
            if !inTable && slot != .none { live += 1 }
        }
        precondition(live == itemCount, "the index holds \(live) items, the trees \(itemCount)")
    }
}

extension ItemTree {
    /// The items in order, leaf by leaf (ignoring ``whole``).
    @usableFromInline
    func forEachLeafItems() -> [Item] {
        var all: [Item] = []
        forEachLeaf { leaf, _ in all.append(contentsOf: leaf.items) }
        return all
    }
}
