// The order tree: a treap over the node table whose in-order walk is the outline's depth-first
// order. Nodes are ordered by position (no keys), heap-ordered by a priority derived from their
// slot, and carry subtree sizes (for positions) and minimum levels (to find where an item's
// subtree ends). Every operation is O(log n) expected.

extension DiffableDataSourceSectionSnapshot {
    /// A fixed pseudo-random priority per slot (a bijective integer mix), so that the treap is
    /// balanced in expectation and the same operations always build the same shape.
    @inlinable
    static func priority(ofSlot slot: Int32) -> UInt32 {
        var z = UInt32(bitPattern: slot) &+ 0x9E37_79B9
        z = (z ^ (z >> 16)) &* 0x85EB_CA6B
        z = (z ^ (z >> 13)) &* 0xC2B2_AE35
        return z ^ (z >> 16)
    }

    @inlinable
    func size(_ tree: Int32) -> Int {
        tree < 0 ? 0 : Int(nodes[Int(tree)].size)
    }

    /// Recomputes the aggregates of `tree` from its children and points them back at it.
    @inlinable
    mutating func pull(_ tree: Int32) {
        let index = Int(tree)
        let left = nodes[index].left
        let right = nodes[index].right
        var size: Int32 = 1
        var minLevel = nodes[index].level
        if left >= 0 {
            size += nodes[Int(left)].size
            minLevel = min(minLevel, nodes[Int(left)].minLevel)
            nodes[Int(left)].up = tree
        }
        if right >= 0 {
            size += nodes[Int(right)].size
            minLevel = min(minLevel, nodes[Int(right)].minLevel)
            nodes[Int(right)].up = tree
        }
        nodes[index].size = size
        nodes[index].minLevel = minLevel
    }

    /// Concatenates two trees (every node of `first` before every node of `second`).
    @inlinable
    mutating func merge(_ first: Int32, _ second: Int32) -> Int32 {
        if first < 0 { return second }
        if second < 0 { return first }
        if Self.priority(ofSlot: first) >= Self.priority(ofSlot: second) {
            let right = merge(nodes[Int(first)].right, second)
            nodes[Int(first)].right = right
            pull(first)
            return first
        } else {
            let left = merge(first, nodes[Int(second)].left)
            nodes[Int(second)].left = left
            pull(second)
            return second
        }
    }

    /// Splits a tree into its first `count` nodes and the rest.
    @inlinable
    mutating func split(_ tree: Int32, first count: Int) -> (Int32, Int32) {
        guard tree >= 0 else { return (-1, -1) }
        let left = nodes[Int(tree)].left
        let leftSize = size(left)
        if count <= leftSize {
            let (head, tail) = split(left, first: count)
            nodes[Int(tree)].left = tail
            pull(tree)
            return (head, tree)
        } else {
            let (head, tail) = split(nodes[Int(tree)].right, first: count - leftSize - 1)
            nodes[Int(tree)].right = head
            pull(tree)
            return (tree, tail)
        }
    }

    @inlinable
    mutating func setRoot(_ tree: Int32) {
        root = tree
        if tree >= 0 { nodes[Int(tree)].up = -1 }
    }

    /// Builds a tree from nodes in order, in O(*k*) (the nodes' links must be unset).
    @inlinable
    mutating func buildTree(_ slots: [Int32]) -> Int32 {
        var spine: [Int32] = []  // the right spine, root first
        for slot in slots {
            let priority = Self.priority(ofSlot: slot)
            var last: Int32 = -1
            while let top = spine.last, Self.priority(ofSlot: top) < priority {
                spine.removeLast()
                pull(top)
                last = top
            }
            nodes[Int(slot)].left = last
            if let top = spine.last { nodes[Int(top)].right = slot }
            spine.append(slot)
        }
        let tree = spine.first ?? -1
        while let top = spine.popLast() { pull(top) }
        return tree
    }

    /// Inserts a tree so that its first node lands at position `rank`.
    @inlinable
    mutating func splice(_ tree: Int32, atRank rank: Int) {
        let (head, tail) = split(root, first: rank)
        let front = merge(head, tree)
        setRoot(merge(front, tail))
    }

    /// Detaches the nodes at `ranks` and returns them as a tree.
    @inlinable
    mutating func cut(_ ranks: Range<Int>) -> Int32 {
        let (head, rest) = split(root, first: ranks.lowerBound)
        let (middle, tail) = split(rest, first: ranks.count)
        setRoot(merge(head, tail))
        return middle
    }

    /// The position of a node in depth-first order. O(log *n*) expected.
    @inlinable
    func rank(of slot: Int32) -> Int {
        var node = slot
        var rank = size(nodes[Int(node)].left)
        var up = nodes[Int(node)].up
        while up >= 0 {
            if nodes[Int(up)].right == node { rank += size(nodes[Int(up)].left) + 1 }
            node = up
            up = nodes[Int(node)].up
        }
        return rank
    }

    /// The position just past the subtree of the outline item at `slot` (whose position is
    /// `rank`): the first later position holding an item at the same level or shallower, or the
    /// number of items. O(log *n*) expected.
    @inlinable
    func subtreeEnd(of slot: Int32, rank: Int) -> Int {
        firstRank(from: rank + 1, levelAtMost: nodes[Int(slot)].level)
    }

    @inlinable
    func firstRank(from start: Int, levelAtMost level: Int32) -> Int {
        func search(_ tree: Int32, base: Int) -> Int? {
            guard tree >= 0 else { return nil }
            let node = Int(tree)
            guard nodes[node].minLevel <= level, base + Int(nodes[node].size) > start else { return nil }
            let left = nodes[node].left
            if let found = search(left, base: base) { return found }
            let here = base + size(left)
            if here >= start, nodes[node].level <= level { return here }
            return search(nodes[node].right, base: here + 1)
        }
        return search(root, base: 0) ?? count
    }

    /// Visits, in depth-first order, the nodes at `ranks` whose level is at most a cutoff.
    ///
    /// `visit` returns the cutoff for the nodes that follow, so a caller can skip a subtree (by
    /// returning the level of its root) or keep only the shallow levels. Runs of skipped nodes
    /// cost O(log *n*) each, not their length.
    @inlinable
    func walk(_ ranks: Range<Int>, cutoff: Int32 = .max, _ visit: (Int32) -> Int32) {
        var cutoff = cutoff
        var pending: [(slot: Int32, base: Int)] = []  // nodes whose left subtree is being walked
        pending.reserveCapacity(64)
        var tree = root
        var base = 0
        while true {
            while tree >= 0 {
                let node = Int(tree)
                guard
                    nodes[node].minLevel <= cutoff,
                    base < ranks.upperBound,
                    base + Int(nodes[node].size) > ranks.lowerBound
                else { break }
                pending.append((tree, base))
                tree = nodes[node].left
            }
            guard let (slot, slotBase) = pending.popLast() else { return }
            let node = Int(slot)
            let here = slotBase + size(nodes[node].left)
            guard here < ranks.upperBound else { return }
            if here >= ranks.lowerBound, nodes[node].level <= cutoff { cutoff = visit(slot) }
            tree = nodes[node].right
            base = here + 1
        }
    }
}
