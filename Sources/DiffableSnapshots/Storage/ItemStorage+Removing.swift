extension ItemStorage {
    /// Removes the items of `items` that are present (the others are ignored), leaf by leaf;
    /// returns how many left each section, by section key.
    ///
    /// O(*d* log *n*) for *d* items, plus O(255) per leaf touched.
    @inlinable
    mutating func remove(_ items: some Sequence<Item>) -> [(sectionKey: UInt32, count: Int)] {
        var doomed: [(sectionKey: UInt32, label: UInt64, slot: ItemSlot)] = []
        for item in items {
            guard let slot = index.remove(item, hash: ItemIndex<Item>.hash(item)) else { continue }
            let place = directory[slot.leaf]
            doomed.append((place.sectionKey, place.label, slot))
        }
        guard !doomed.isEmpty else { return [] }
        doomed.sort { ($0.sectionKey, $0.label, $0.slot.rawValue) < ($1.sectionKey, $1.label, $1.slot.rawValue) }
        var removed: [(sectionKey: UInt32, count: Int)] = []
        var start = 0
        while start < doomed.count {
            let first = doomed[start]
            var end = start &+ 1
            while end < doomed.count, doomed[end].slot.leaf == first.slot.leaf { end &+= 1 }
            removeFromLeaf(sectionKey: first.sectionKey, label: first.label, slots: doomed[start..<end].map(\.slot.slot))
            if let last = removed.last, last.sectionKey == first.sectionKey {
                removed[removed.count &- 1].count &+= end &- start
            } else {
                removed.append((first.sectionKey, end &- start))
            }
            start = end
        }
        return removed
    }

    /// Removes the items in `slots` of the leaf labeled `label` in section `key` (their index
    /// entries are gone already). A leaf left empty goes; a leaf left with under a quarter of
    /// its capacity moves its items into a neighbour that has room for them.
    @inlinable
    mutating func removeFromLeaf(sectionKey key: UInt32, label: UInt64, slots: [Int]) {
        let section = Int(key)
        trees[section].whole = nil
        let path = trees[section].uniquePath(toLabel: label)
        let leaf = path.leaf
        leaf.remove(ranks: slots.map { leaf.rank(ofSlot: $0) }.sorted())
        path.addCount(-slots.count)
        if leaf.count == 0 {
            trees[section].removeChild(along: path, level: path.depth &- 1)
        } else if leaf.count < ItemLeaf<Item>.capacity / 4 {
            mergeLeafIntoNeighbour(along: path, sectionKey: key)
        }
    }

    /// Moves the items of the leaf `path` leads to into the next leaf (or the previous one, for
    /// the last leaf) of the same branch, if they fit there, and removes the emptied leaf.
    @inlinable
    mutating func mergeLeafIntoNeighbour(along path: TreePath<Item>, sectionKey key: UInt32) {
        let bottom = path.bottom
        let index = path.leafIndex
        let leaf = path.leaf
        let neighbourIndex = index &+ 1 < bottom.childCount ? index &+ 1 : index &- 1
        guard neighbourIndex >= 0, bottom.counts[neighbourIndex] + leaf.count <= ItemLeaf<Item>.capacity else { return }
        if !isKnownUniquelyReferenced(&bottom.leaves[neighbourIndex]) {
            bottom.leaves[neighbourIndex] = bottom.leaves[neighbourIndex].copy()
        }
        let neighbour = bottom.leaves[neighbourIndex]
        let neighbourID = neighbour.id
        let moving = Array(leaf.items)
        neighbour.insert(moving, atRank: neighbourIndex > index ? 0 : neighbour.count) { item, slot in
            self.index.update(item, hash: ItemIndex<Item>.hash(item), to: ItemSlot(leaf: neighbourID, slot: slot))
        }
        bottom.counts[neighbourIndex] &+= moving.count
        bottom.counts[index] = 0
        trees[Int(key)].removeChild(along: path, level: path.depth &- 1)
    }
}
