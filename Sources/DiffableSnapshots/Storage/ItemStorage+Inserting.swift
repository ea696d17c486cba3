public import DiffableSupport

extension ItemStorage {
    /// Adds `items` at the end of section `key`, trapping on an item already present or repeated,
    /// with a message naming `caller`.
    ///
    /// Appending to an empty section makes leaves that are slices of `items` (no copy) and keeps
    /// `items` as the section's ``ItemTree/whole``. O(*m*) for *m* items, plus O(log *n*).
    @inlinable
    mutating func append(_ items: [Item], toSection key: UInt32, _ caller: StaticString) {
        guard !items.isEmpty else { return }
        let sectionKey = Int(key)
        if trees[sectionKey].root == nil {
            let count = Self.leafCount(for: items.count, fill: ItemLeaf<Item>.bulkFill)
            let labels = (1...count).map { Self.labelSpacing &* UInt64($0) }
            let leaves = makeLeaves(items[...], sectionKey: key, labels: labels[...])
            registerNew(leaves, caller, items, mayPutOff: true)
            trees[sectionKey].root = Self.tree(of: leaves, labels: labels)
            trees[sectionKey].whole = items
            return
        }
        trees[sectionKey].whole = nil
        let path = trees[sectionKey].uniquePathToLastLeaf()
        let last = path.leaf
        if last.count + items.count <= ItemLeaf<Item>.capacity {
            insert(items[...], into: path, atRank: last.count, caller, items)
            return
        }
        guard let labels = Self.labels(
            Self.leafCount(for: items.count, fill: ItemLeaf<Item>.bulkFill), between: path.bottom.labels[path.leafIndex], and: .max)
        else {
            relabel(section: key)
            append(items, toSection: key, caller)
            return
        }
        let leaves = makeLeaves(items[...], sectionKey: key, labels: labels[...])
        registerNew(leaves, caller, items)
        trees[sectionKey].insertChildren(
            leaves: leaves, counts: leaves.map(\.count), labels: labels, along: path, at: path.leafIndex &+ 1)
    }

    /// Inserts `items` just before (or after) the item in `anchor`, trapping on an item already
    /// present or repeated. O(*m* + log *n*) for *m* items.
    @inlinable
    mutating func insert(_ items: [Item], nextTo anchor: ItemSlot, after: Bool, _ caller: StaticString) {
        guard !items.isEmpty else { return }
        let place = directory[anchor.leaf]
        let key = Int(place.sectionKey)
        trees[key].whole = nil
        let path = trees[key].uniquePath(toLabel: place.label)
        let rank = path.leaf.rank(ofSlot: anchor.slot) &+ (after ? 1 : 0)
        insert(items[...], into: path, atRank: rank, caller, items)
    }

    /// Inserts `items` at offset `rank` of the leaf `path` leads to: in the leaf if they fit;
    /// otherwise the leaf keeps the larger of its two sides, and the other side and the new
    /// items go to new leaves beside it (a large `items` as slices of itself, not copied).
    @inlinable
    mutating func insert(
        _ items: ArraySlice<Item>, into path: TreePath<Item>, atRank rank: Int,
        _ caller: StaticString, _ passed: [Item]
    ) {
        let leaf = path.leaf
        let leafID = leaf.id
        if leaf.count + items.count <= ItemLeaf<Item>.capacity {
            leaf.insert(items, atRank: rank) { item, slot in
                Self.register(item, at: ItemSlot(leaf: leafID, slot: slot), in: &index, caller, passed, nil)
            }
            path.addCount(items.count)
            return
        }
        let key = directory[leafID].sectionKey
        let keepsFront = rank >= leaf.count &- rank
        let displacedCount = keepsFront ? leaf.count &- rank : rank
        let combined = displacedCount &+ items.count <= ItemLeaf<Item>.capacity
        let itemLeafCount = combined ? 0 : Self.leafCount(for: items.count, fill: ItemLeaf<Item>.bulkFill)
        let displacedLeafCount = combined || displacedCount > 0 ? 1 : 0
        let bounds = keepsFront
            ? (lower: path.bottom.labels[path.leafIndex], upper: ItemTree<Item>.labelAfter(path))
            : (lower: ItemTree<Item>.labelBefore(path), upper: path.bottom.labels[path.leafIndex])
        guard let labels = Self.labels(itemLeafCount &+ displacedLeafCount, between: bounds.lower, and: bounds.upper) else {
            relabel(section: key)
            let relabeled = trees[Int(key)].uniquePath(toLabel: directory[leafID].label)
            insert(items, into: relabeled, atRank: rank, caller, passed)
            return
        }
        let displaced = keepsFront ? leaf.removeSuffix(from: rank) : leaf.removePrefix(upTo: rank)
        path.addCount(-displacedCount)
        let firstItem = items.startIndex
        var leaves: [ItemLeaf<Item>]
        if combined {
            let sequence = keepsFront ? Array(items) + displaced : displaced + Array(items)
            let firstNew = keepsFront ? 0 : displaced.count
            let newRange = firstNew..<(firstNew &+ items.count)
            leaves = makeLeaves(sequence[...], sectionKey: key, labels: labels[...])
            for leaf in leaves {
                for rank in 0..<leaf.count {
                    let position = leaf.items.startIndex &+ rank
                    let item = leaf.item(atRank: rank)
                    let slot = ItemSlot(leaf: leaf.id, slot: rank)
                    if newRange.contains(position) {
                        Self.register(item, at: slot, in: &index, caller, passed, firstItem &+ position &- firstNew)
                    } else {
                        index.update(item, hash: ItemIndex<Item>.hash(item), to: slot)
                    }
                }
            }
        } else {
            let itemLabels = keepsFront ? labels[..<itemLeafCount] : labels[displacedLeafCount...]
            let displacedLabels = keepsFront ? labels[itemLeafCount...] : labels[..<displacedLeafCount]
            let itemLeaves = makeLeaves(items, sectionKey: key, labels: itemLabels)
            let displacedLeaves = makeLeaves(displaced[...], sectionKey: key, labels: displacedLabels)
            for leaf in displacedLeaves {
                for rank in 0..<leaf.count {
                    let item = leaf.item(atRank: rank)
                    index.update(item, hash: ItemIndex<Item>.hash(item), to: ItemSlot(leaf: leaf.id, slot: rank))
                }
            }
            registerNew(itemLeaves, caller, passed)
            leaves = keepsFront ? itemLeaves + displacedLeaves : displacedLeaves + itemLeaves
        }
        trees[Int(key)].insertChildren(
            leaves: leaves, counts: leaves.map(\.count), labels: Array(labels),
            along: path, at: path.leafIndex &+ (keepsFront ? 1 : 0))
    }

    /// Enters a new item in the index, trapping if it is there already. `position` is the
    /// item's index in `passed` when known, to tell a repeat within the call from an item
    /// already present.
    @inlinable
    static func register(
        _ item: Item, at slot: ItemSlot, in index: inout ItemIndex<Item>,
        _ caller: StaticString, _ passed: [Item], _ position: Int?
    ) {
        guard !index.insertNew(item, hash: ItemIndex<Item>.hash(item), slot: slot) else { return }
        reportDuplicate(item, caller, passed, position)
    }

    /// Traps on `item`, found in the index while adding it: repeated in `passed` (before
    /// `position`, when known) or already present.
    @inlinable
    static func reportDuplicate(_ item: Item, _ caller: StaticString, _ passed: [Item], _ position: Int?) -> Never {
        let repeated = position.map { passed[..<$0].contains(item) } ?? (passed.filter { $0 == item }.count > 1)
        programmerError(duplicateIdentifierMessage(caller, kind: "item", item, repeatedInCall: repeated, container: "snapshot"))
    }

    /// A tree over `leaves` (in order, labeled `labels`), with branches filled to 3/4.
    @inlinable
    static func tree(of leaves: [ItemLeaf<Item>], labels: [UInt64]) -> ItemBranch<Item> {
        let fill = ItemBranch<Item>.capacity * 3 / 4
        var level: [ItemBranch<Item>] = []
        var start = 0
        while start < leaves.count {
            let end = min(start + fill, leaves.count)
            level.append(ItemBranch(
                height: 1, leaves: Array(leaves[start..<end]),
                counts: leaves[start..<end].map(\.count), labels: Array(labels[start..<end])))
            start = end
        }
        while level.count > 1 {
            var upper: [ItemBranch<Item>] = []
            start = 0
            while start < level.count {
                let end = min(start + fill, level.count)
                let children = Array(level[start..<end])
                upper.append(ItemBranch(
                    height: children[0].height &+ 1, branches: children,
                    counts: children.map(\.total), labels: children.map { $0.labels[0] }))
                start = end
            }
            level = upper
        }
        return level[0]
    }
}
