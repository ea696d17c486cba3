extension ItemTree {
    /// Whether two trees hold the same items in the same order. O(1) for the same tree; leaves
    /// the two share at the same offset compare in O(1), the rest item by item.
    @inlinable
    static func sameItems(_ lhs: ItemTree, _ rhs: ItemTree) -> Bool {
        if lhs.root === rhs.root { return true }
        guard lhs.count == rhs.count else { return false }
        if let left = lhs.whole, let right = rhs.whole { return left == right }
        var leftLeaves: [ItemLeaf<Item>] = []
        var rightLeaves: [ItemLeaf<Item>] = []
        lhs.forEachLeaf { leaf, _ in leftLeaves.append(leaf) }
        rhs.forEachLeaf { leaf, _ in rightLeaves.append(leaf) }
        var left = 0
        var right = 0
        var leftRank = 0
        var rightRank = 0
        while left < leftLeaves.count {
            if leftRank == 0 && rightRank == 0 && leftLeaves[left] === rightLeaves[right] {
                left &+= 1
                right &+= 1
                continue
            }
            guard leftLeaves[left].item(atRank: leftRank) == rightLeaves[right].item(atRank: rightRank) else { return false }
            leftRank &+= 1
            rightRank &+= 1
            if leftRank == leftLeaves[left].count {
                left &+= 1
                leftRank = 0
            }
            if rightRank == rightLeaves[right].count {
                right &+= 1
                rightRank = 0
            }
        }
        return true
    }
}
