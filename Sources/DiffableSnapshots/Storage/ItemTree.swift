/// The items of one section: a persistent B+ tree of ``ItemLeaf``s under ``ItemBranch``es, which
/// copies of a snapshot share node by node.
///
/// A copy costs nothing; changing one item copies the leaf that holds it and the O(log *n*)
/// branches above it, and leaves the rest shared, so a diff between the two versions can skip
/// every shared subtree by identity.
@usableFromInline
struct ItemTree<Item: Hashable & Sendable>: @unchecked Sendable {
    // Nodes are never changed while shared (every change first makes its path unique).
    @usableFromInline var root: ItemBranch<Item>?
    /// The section's items in order, when they are exactly one array appended to the empty
    /// section and unchanged since: then the leaves are slices of it and reading the section's
    /// items costs nothing.
    @usableFromInline var whole: [Item]?

    @inlinable
    init() {
        root = nil
        whole = nil
    }

    @inlinable
    var count: Int { root?.total ?? 0 }

    /// The items in order. O(1) while ``whole`` is known, O(*k*) otherwise.
    @inlinable
    var items: [Item] {
        if let whole { return whole }
        var all: [Item] = []
        all.reserveCapacity(count)
        forEachLeaf { leaf, _ in all.append(contentsOf: leaf.items) }
        return all
    }

    /// Calls `body` with each leaf, in order, and the offset of its first item.
    @inlinable
    func forEachLeaf(_ body: (ItemLeaf<Item>, Int) -> Void) {
        guard let root else { return }
        var start = 0
        Self.forEachLeaf(under: root, start: &start, body)
    }

    @inlinable
    static func forEachLeaf(under branch: ItemBranch<Item>, start: inout Int, _ body: (ItemLeaf<Item>, Int) -> Void) {
        if branch.height == 1 {
            for leaf in branch.leaves {
                body(leaf, start)
                start &+= leaf.count
            }
            return
        }
        for child in branch.branches { forEachLeaf(under: child, start: &start, body) }
    }

    /// The leaf labeled `label` and the offset of its first item.
    @inlinable
    func leaf(labeled label: UInt64) -> (leaf: ItemLeaf<Item>, start: Int) {
        // Unowned: the tree keeps every node alive while it is read, so the walk retains none.
        unowned(unsafe) var node = root.unsafelyUnwrapped
        var start = 0
        while true {
            let index = node.childIndex(forLabel: label)
            start &+= node.itemsBefore(child: index)
            if node.height == 1 { return (node.leaves[index], start) }
            node = node.branches[index]
        }
    }

    /// The item at `offset` in the section, or nil when the section holds fewer items.
    @inlinable
    func item(atOffset offset: Int) -> Item? {
        guard offset >= 0, offset < count else { return nil }
        if let whole { return whole[offset] }
        unowned(unsafe) var node = root.unsafelyUnwrapped
        var rest = offset
        while true {
            var child = 0
            while rest >= node.counts[child] {
                rest &-= node.counts[child]
                child &+= 1
            }
            if node.height == 1 { return node.leaves[child].item(atRank: rest) }
            node = node.branches[child]
        }
    }

    /// The label of the leaf before the one `path` leads to, or 0 when it is the first.
    @inlinable
    static func labelBefore(_ path: TreePath<Item>) -> UInt64 {
        var level = path.depth &- 1
        while level >= 0 {
            let index = path.indexes[level]
            if index > 0 {
                var node = path.branches[level]
                var child = index &- 1
                while node.height > 1 {
                    node = node.branches[child]
                    child = node.childCount &- 1
                }
                return node.labels[child]
            }
            level &-= 1
        }
        return 0
    }

    /// The label of the leaf after the one `path` leads to, or `UInt64.max` when it is the last.
    @inlinable
    static func labelAfter(_ path: TreePath<Item>) -> UInt64 {
        var level = path.depth &- 1
        while level >= 0 {
            let branch = path.branches[level]
            let index = path.indexes[level]
            if index &+ 1 < branch.childCount { return branch.labels[index &+ 1] }
            level &-= 1
        }
        return .max
    }
}

/// The way from a tree's root to one of its leaves, every node on it unique to the tree, so it
/// can be changed in place.
@usableFromInline
struct TreePath<Item: Hashable & Sendable> {
    /// The branches from the root down.
    @usableFromInline var branches: [ItemBranch<Item>] = []
    /// The child taken in each branch.
    @usableFromInline var indexes: [Int] = []

    @inlinable
    init() {
        branches.reserveCapacity(6)
        indexes.reserveCapacity(6)
    }

    @inlinable
    var depth: Int { branches.count }

    @inlinable
    var bottom: ItemBranch<Item> { branches[branches.count &- 1] }

    @inlinable
    var leafIndex: Int { indexes[indexes.count &- 1] }

    @inlinable
    var leaf: ItemLeaf<Item> { bottom.leaves[leafIndex] }

    /// Adds `delta` to the item count of every node on the path.
    @inlinable
    func addCount(_ delta: Int) {
        for level in 0..<depth {
            branches[level].counts[indexes[level]] &+= delta
            branches[level].total &+= delta
        }
    }

    /// Rewrites the smallest label each branch records for the path's child, bottom up.
    @inlinable
    func refreshLabels() {
        var level = depth &- 1
        while level > 0 {
            let child = branches[level]
            if child.childCount > 0 { branches[level &- 1].labels[indexes[level &- 1]] = child.labels[0] }
            level &-= 1
        }
    }
}

extension ItemTree {
    /// The path to the leaf labeled `label`, made unique to this tree (shared nodes on it are
    /// copied).
    @inlinable
    mutating func uniquePath(toLabel label: UInt64) -> TreePath<Item> {
        uniquePath { $0.childIndex(forLabel: label) }
    }

    /// The path to the last leaf, made unique to this tree.
    @inlinable
    mutating func uniquePathToLastLeaf() -> TreePath<Item> {
        uniquePath { $0.childCount &- 1 }
    }

    @inlinable
    mutating func uniquePath(_ choose: (ItemBranch<Item>) -> Int) -> TreePath<Item> {
        if !isKnownUniquelyReferenced(&root) { root = root.unsafelyUnwrapped.copy() }
        var path = TreePath<Item>()
        var node = root.unsafelyUnwrapped
        while true {
            let index = choose(node)
            path.branches.append(node)
            path.indexes.append(index)
            if node.height == 1 {
                if !isKnownUniquelyReferenced(&node.leaves[index]) { node.leaves[index] = node.leaves[index].copy() }
                return path
            }
            if !isKnownUniquelyReferenced(&node.branches[index]) { node.branches[index] = node.branches[index].copy() }
            node = node.branches[index]
        }
    }

    /// Inserts `children` (leaves at `level` = the path's bottom, or branches one level up)
    /// into the branch at `level` of `path`, before child `position`, then splits overfull
    /// branches up to the root.
    @inlinable
    mutating func insertChildren(
        leaves: [ItemLeaf<Item>], counts: [Int], labels: [UInt64],
        along path: TreePath<Item>, at position: Int
    ) {
        let bottom = path.bottom
        bottom.leaves.insert(contentsOf: leaves, at: position)
        bottom.counts.insert(contentsOf: counts, at: position)
        bottom.labels.insert(contentsOf: labels, at: position)
        var added = 0
        for count in counts { added &+= count }
        bottom.total &+= added
        for level in 0..<(path.depth &- 1) {
            path.branches[level].counts[path.indexes[level]] &+= added
            path.branches[level].total &+= added
        }
        path.refreshLabels()
        splitOverfull(along: path)
    }

    /// Splits every overfull branch on `path`, bottom up, growing a new root if the root splits.
    @inlinable
    mutating func splitOverfull(along path: TreePath<Item>) {
        var level = path.depth &- 1
        while level >= 0 {
            let branch = path.branches[level]
            let pieces = branch.splitIfOverfull()
            if !pieces.isEmpty {
                if level == 0 {
                    let children = [branch] + pieces
                    root = ItemBranch(
                        height: branch.height &+ 1, branches: children,
                        counts: children.map(\.total), labels: children.map { $0.labels[0] })
                } else {
                    let parent = path.branches[level &- 1]
                    let index = path.indexes[level &- 1]
                    parent.counts[index] = branch.total
                    parent.branches.insert(contentsOf: pieces, at: index &+ 1)
                    parent.counts.insert(contentsOf: pieces.map(\.total), at: index &+ 1)
                    parent.labels.insert(contentsOf: pieces.map { $0.labels[0] }, at: index &+ 1)
                }
            }
            level &-= 1
        }
    }

    /// Removes the child at `level` of `path` (a leaf at the bottom level), and branches left
    /// empty above it; merges a branch left with few children into a sibling; collapses a root
    /// with one child.
    @inlinable
    mutating func removeChild(along path: TreePath<Item>, level: Int) {
        let branch = path.branches[level]
        let index = path.indexes[level]
        let removed = branch.removeChildren(index..<(index &+ 1))
        for upper in 0..<level {
            path.branches[upper].counts[path.indexes[upper]] &-= removed
            path.branches[upper].total &-= removed
        }
        if branch.childCount == 0 {
            if level == 0 {
                root = nil
                return
            }
            removeChild(along: path, level: level &- 1)
            return
        }
        if index == 0 {
            var upper = level
            while upper > 0 {
                path.branches[upper &- 1].labels[path.indexes[upper &- 1]] = path.branches[upper].labels[0]
                upper &-= 1
            }
        }
        if level > 0 && branch.childCount < ItemBranch<Item>.capacity / 4 {
            mergeIntoSibling(along: path, level: level)
        }
        collapseRoot()
    }

    /// Moves the children of the branch at `level` of `path` into an adjacent sibling when they
    /// fit there, and removes the emptied branch.
    @inlinable
    mutating func mergeIntoSibling(along path: TreePath<Item>, level: Int) {
        let branch = path.branches[level]
        let parent = path.branches[level &- 1]
        let index = path.indexes[level &- 1]
        let siblingIndex = index &+ 1 < parent.childCount ? index &+ 1 : index &- 1
        guard siblingIndex >= 0, parent.branches[siblingIndex].childCount + branch.childCount <= ItemBranch<Item>.capacity else { return }
        if !isKnownUniquelyReferenced(&parent.branches[siblingIndex]) {
            parent.branches[siblingIndex] = parent.branches[siblingIndex].copy()
        }
        let sibling = parent.branches[siblingIndex]
        if siblingIndex > index {
            // The sibling follows: this branch's children go in front of its own.
            if branch.height == 1 {
                sibling.leaves.insert(contentsOf: branch.leaves, at: 0)
            } else {
                sibling.branches.insert(contentsOf: branch.branches, at: 0)
            }
            sibling.counts.insert(contentsOf: branch.counts, at: 0)
            sibling.labels.insert(contentsOf: branch.labels, at: 0)
            sibling.total &+= branch.total
            parent.labels[siblingIndex] = sibling.labels[0]
        } else {
            branch.moveChildren(0..<branch.childCount, appendingTo: sibling)
        }
        parent.counts[siblingIndex] = sibling.total
        parent.counts[index] = 0
        removeChild(along: path, level: level &- 1)
    }

    /// Replaces a root that has a single branch child by that child, as often as needed.
    @inlinable
    mutating func collapseRoot() {
        while let current = root, current.height > 1, current.childCount == 1 {
            root = current.branches[0]
        }
    }
}
