extension DiffableDataSourceSectionSnapshot {
    /// Checks every internal invariant and traps on the first one broken. O(*n*); for tests.
    func _checkInvariants() {
        precondition(slotOfItem.count == count, "item index size \(slotOfItem.count), \(count) items")
        precondition(nodes.count == count + freeSlots.count, "node table size")
        precondition(root < 0 || nodes[Int(root)].up == -1, "root has a parent")
        var live = [Bool](repeating: false, count: nodes.count)
        // Order tree: links, aggregates and heap order.
        func check(_ tree: Int32, up: Int32) -> (size: Int32, minLevel: Int32) {
            guard tree >= 0 else { return (0, .max) }
            let node = nodes[Int(tree)]
            precondition(!live[Int(tree)], "slot \(tree) linked twice")
            live[Int(tree)] = true
            precondition(node.up == up, "slot \(tree) points up to \(node.up), not \(up)")
            for child in [node.left, node.right] where child >= 0 {
                precondition(Self.priority(ofSlot: child) <= Self.priority(ofSlot: tree), "heap order at slot \(tree)")
            }
            let left = check(node.left, up: tree)
            let right = check(node.right, up: tree)
            precondition(node.size == left.size + right.size + 1, "size of slot \(tree)")
            precondition(node.minLevel == min(node.level, left.minLevel, right.minLevel), "minLevel of slot \(tree)")
            return (node.size, node.minLevel)
        }
        _ = check(root, up: -1)
        for slot in freeSlots { precondition(!live[Int(slot)], "free slot \(slot) in use") }
        // Outline: levels step down freely and up by one; parents are the nearest shallower item.
        var ancestors: [Int32] = []
        var rank = 0
        walk(0..<count) { slot in
            let node = nodes[Int(slot)]
            precondition(slotOfItem[node.item] == slot, "item \(node.item) indexed at the wrong slot")
            precondition(Int(node.level) <= ancestors.count, "item \(node.item) is too deep for its position")
            ancestors.removeLast(ancestors.count - Int(node.level))
            precondition(node.parent == (ancestors.last ?? -1), "item \(node.item) has the wrong parent")
            precondition(self.rank(of: slot) == rank, "rank of item \(node.item)")
            ancestors.append(slot)
            rank += 1
            return .max
        }
        precondition(rank == count, "walk visited \(rank) of \(count) items")
    }

    /// The height of the order tree, for tests that fence its balance.
    func _orderTreeHeight() -> Int {
        func height(_ tree: Int32) -> Int {
            tree < 0 ? 0 : 1 + max(height(nodes[Int(tree)].left), height(nodes[Int(tree)].right))
        }
        return height(root)
    }
}
