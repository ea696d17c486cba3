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
        let split = LeafSplit(leafCount: leaf.count, rank: rank, inserting: items.count)
        guard let labels = Self.labels(for: split, beside: path) else {
            relabel(section: key)
            let relabeled = trees[Int(key)].uniquePath(toLabel: directory[leafID].label)
            insert(items, into: relabeled, atRank: rank, caller, passed)
            return
        }
        let displaced = split.keepsFront ? leaf.removeSuffix(from: rank) : leaf.removePrefix(upTo: rank)
        path.addCount(-split.displacedCount)
        let leaves = split.combined
            ? makeCombinedLeaf(items, displaced, keepsFront: split.keepsFront, sectionKey: key, labels: labels, caller, passed)
            : makeSeparateLeaves(items, displaced, split, sectionKey: key, labels: labels, caller, passed)
        trees[Int(key)].insertChildren(
            leaves: leaves, counts: leaves.map(\.count), labels: Array(labels),
            along: path, at: path.leafIndex &+ (split.keepsFront ? 1 : 0))
    }

    /// How a leaf too full for the items inserted into it splits: it keeps the larger of its two
    /// sides, and the other side (displaced) and the new items go to new leaves beside it.
    @usableFromInline
    struct LeafSplit {
        /// Whether the leaf keeps its front, the items before the insertion point.
        @usableFromInline let keepsFront: Bool
        @usableFromInline let displacedCount: Int
        /// Whether the displaced items and the new ones fit one new leaf together.
        @usableFromInline let combined: Bool
        /// How many new leaves the new items take apart from the displaced ones (0 when
        /// combined), and how many the displaced ones (or both, combined) take.
        @usableFromInline let itemLeafCount: Int
        @usableFromInline let displacedLeafCount: Int

        @inlinable
        init(leafCount: Int, rank: Int, inserting count: Int) {
            keepsFront = rank >= leafCount &- rank
            displacedCount = keepsFront ? leafCount &- rank : rank
            combined = displacedCount &+ count <= ItemLeaf<Item>.capacity
            itemLeafCount = combined ? 0 : ItemStorage.leafCount(for: count, fill: ItemLeaf<Item>.bulkFill)
            displacedLeafCount = combined || displacedCount > 0 ? 1 : 0
        }
    }

    /// The labels of the new leaves of `split`, between the leaf `path` leads to and its
    /// neighbour on the side it gives up; `nil` when there is no room.
    @inlinable
    @inline(__always)
    static func labels(for split: LeafSplit, beside path: TreePath<Item>) -> [UInt64]? {
        let bounds = split.keepsFront
            ? (lower: path.bottom.labels[path.leafIndex], upper: ItemTree<Item>.labelAfter(path))
            : (lower: ItemTree<Item>.labelBefore(path), upper: path.bottom.labels[path.leafIndex])
        return labels(split.itemLeafCount &+ split.displacedLeafCount, between: bounds.lower, and: bounds.upper)
    }

    /// The one new leaf of the new `items` and the `displaced` side together, in order,
    /// labeled `labels`; enters the new items in the index (trapping on one already present or
    /// repeated) and moves the displaced ones to their new slots there.
    @inlinable
    @inline(__always)
    mutating func makeCombinedLeaf(
        _ items: ArraySlice<Item>, _ displaced: [Item], keepsFront: Bool, sectionKey key: UInt32, labels: [UInt64],
        _ caller: StaticString, _ passed: [Item]
    ) -> [ItemLeaf<Item>] {
        let firstItem = items.startIndex
        let sequence = keepsFront ? Array(items) + displaced : displaced + Array(items)
        let firstNew = keepsFront ? 0 : displaced.count
        let newRange = firstNew..<(firstNew &+ items.count)
        let leaves = makeLeaves(sequence[...], sectionKey: key, labels: labels[...])
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
        return leaves
    }

    /// New leaves of the new `items` (slices of them) and, apart, of the `displaced` side, in
    /// order, labeled `labels`; enters the new items in the index (trapping on one already
    /// present or repeated) and moves the displaced ones to their new slots there.
    @inlinable
    @inline(__always)
    mutating func makeSeparateLeaves(
        _ items: ArraySlice<Item>, _ displaced: [Item], _ split: LeafSplit, sectionKey key: UInt32, labels: [UInt64],
        _ caller: StaticString, _ passed: [Item]
    ) -> [ItemLeaf<Item>] {
        let itemLabels = split.keepsFront ? labels[..<split.itemLeafCount] : labels[split.displacedLeafCount...]
        let displacedLabels = split.keepsFront ? labels[split.itemLeafCount...] : labels[..<split.displacedLeafCount]
        let itemLeaves = makeLeaves(items, sectionKey: key, labels: itemLabels)
        let displacedLeaves = makeLeaves(displaced[...], sectionKey: key, labels: displacedLabels)
        for leaf in displacedLeaves {
            for rank in 0..<leaf.count {
                let item = leaf.item(atRank: rank)
                index.update(item, hash: ItemIndex<Item>.hash(item), to: ItemSlot(leaf: leaf.id, slot: rank))
            }
        }
        registerNew(itemLeaves, caller, passed)
        return split.keepsFront ? itemLeaves + displacedLeaves : displacedLeaves + itemLeaves
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
