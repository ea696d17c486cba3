/// The item trees of one section in an old and a new snapshot, cut into the subtrees they share
/// and the leaves that differ.
///
/// The two trees are walked together from their roots, one height at a time: a node of the new
/// tree is shared when it is, by identity, a node of the old tree at the same height that the
/// walk reached (a child of an old node found to differ, or the root); shared nodes are not
/// entered. Every node entered differs on both sides, so the walk costs O(*c*) for *c* nodes
/// that differ: after *k* edits to a copy, O(*k* log *n*) nodes with their children, not the
/// *n* items.
///
/// A node shared by the two trees holds the same items in the same order on both sides: a run
/// of consecutive old offsets that lands as a run of consecutive new offsets.
@usableFromInline
struct TreePairing<Item: Hashable & Sendable> {
    /// The new tree in order: shared subtrees and the leaves that differ, covering it.
    @usableFromInline var newSegments: [PairSegment<Item>] = []
    /// The old tree in order, the same way.
    @usableFromInline var oldSegments: [PairSegment<Item>] = []
    /// Whether the trees share any node.
    @usableFromInline var sharesNodes = false

    @inlinable
    init(old: ItemBranch<Item>?, new: ItemBranch<Item>?) {
        var oldPending: [(branch: ItemBranch<Item>, start: Int)] = old.map { [($0, 0)] } ?? []
        var newPending: [(branch: ItemBranch<Item>, start: Int)] = new.map { [($0, 0)] } ?? []
        var height = max(old?.height ?? 0, new?.height ?? 0)
        while height > 0 {
            let oldLevel = oldPending.first?.branch.height == height ? oldPending : []
            let newLevel = newPending.first?.branch.height == height ? newPending : []
            if !oldLevel.isEmpty { oldPending = [] }
            if !newLevel.isEmpty { newPending = [] }
            // Children of the nodes that differ, one height down (leaves at height 1).
            var oldChildren: [(node: AnyObject, start: Int, count: Int)] = []
            var newChildren: [(node: AnyObject, start: Int, count: Int)] = []
            for (branch, start) in oldLevel { Self.appendChildren(of: branch, start: start, to: &oldChildren) }
            for (branch, start) in newLevel { Self.appendChildren(of: branch, start: start, to: &newChildren) }
            var oldByIdentity: [ObjectIdentifier: Int] = [:]
            if !newChildren.isEmpty {
                oldByIdentity.reserveCapacity(oldChildren.count)
                for (index, child) in oldChildren.enumerated() { oldByIdentity[ObjectIdentifier(child.node)] = index }
            }
            var oldShared = [Bool](repeating: false, count: oldChildren.count)
            for child in newChildren {
                if let index = oldByIdentity[ObjectIdentifier(child.node)] {
                    let old = oldChildren[index]
                    oldShared[index] = true
                    sharesNodes = true
                    newSegments.append(PairSegment(start: child.start, count: child.count, leaf: nil, otherStart: old.start))
                    oldSegments.append(PairSegment(start: old.start, count: old.count, leaf: nil, otherStart: child.start))
                } else if height == 1 {
                    newSegments.append(PairSegment(start: child.start, count: child.count, leaf: unsafeDowncast(child.node, to: ItemLeaf<Item>.self), otherStart: -1))
                } else {
                    newPending.append((unsafeDowncast(child.node, to: ItemBranch<Item>.self), child.start))
                }
            }
            for (index, child) in oldChildren.enumerated() where !oldShared[index] {
                if height == 1 {
                    oldSegments.append(PairSegment(start: child.start, count: child.count, leaf: unsafeDowncast(child.node, to: ItemLeaf<Item>.self), otherStart: -1))
                } else {
                    oldPending.append((unsafeDowncast(child.node, to: ItemBranch<Item>.self), child.start))
                }
            }
            height &-= 1
        }
        newSegments.sort { $0.start < $1.start }
        oldSegments.sort { $0.start < $1.start }
    }

    @inlinable
    static func appendChildren(of branch: ItemBranch<Item>, start: Int, to children: inout [(node: AnyObject, start: Int, count: Int)]) {
        var offset = start
        for child in 0..<branch.childCount {
            let node: AnyObject = branch.height == 1 ? branch.leaves[child] : branch.branches[child]
            children.append((node, offset, branch.counts[child]))
            offset &+= branch.counts[child]
        }
    }
}

/// A run of one side of a ``TreePairing``: a subtree shared with the other side (`leaf` is nil
/// and `otherStart` is where the run starts on the other side), or a leaf that differs.
@usableFromInline
struct PairSegment<Item: Hashable & Sendable> {
    /// The offset of the run's first item in its section.
    @usableFromInline var start: Int
    @usableFromInline var count: Int
    @usableFromInline var leaf: ItemLeaf<Item>?
    @usableFromInline var otherStart: Int

    @inlinable
    init(start: Int, count: Int, leaf: ItemLeaf<Item>?, otherStart: Int) {
        self.start = start
        self.count = count
        self.leaf = leaf
        self.otherStart = otherStart
    }

    @inlinable
    var end: Int { start &+ count }
}
