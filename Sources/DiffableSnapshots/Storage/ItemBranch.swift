/// An inner node of an item tree: up to 64 children (all leaves at height 1, all branches
/// above), each with its item count and the smallest label of the leaves under it.
///
/// Labels increase from leaf to leaf through a section, so a descent by label finds a leaf and
/// sums the counts to its left on the way: the leaf's offset in its section. A branch is changed
/// in place only while the one tree path holding it is unique; otherwise it is copied first.
@usableFromInline
final class ItemBranch<Item: Hashable & Sendable>: @unchecked Sendable {
    /// 1 when the children are leaves.
    @usableFromInline let height: Int
    @exclusivity(unchecked) @usableFromInline var leaves: [ItemLeaf<Item>]
    @exclusivity(unchecked) @usableFromInline var branches: [ItemBranch<Item>]
    /// By child: the number of items under it.
    @exclusivity(unchecked) @usableFromInline var counts: [Int]
    /// By child: the smallest label under it.
    @exclusivity(unchecked) @usableFromInline var labels: [UInt64]
    /// The number of items under this branch.
    @exclusivity(unchecked) @usableFromInline var total: Int

    /// The most children a branch holds.
    @inlinable static var capacity: Int { 64 }

    @inlinable
    init(height: Int, leaves: [ItemLeaf<Item>] = [], branches: [ItemBranch<Item>] = [], counts: [Int], labels: [UInt64]) {
        self.height = height
        self.leaves = leaves
        self.branches = branches
        self.counts = counts
        self.labels = labels
        var total = 0
        for count in counts { total &+= count }
        self.total = total
    }

    @inlinable
    func copy() -> ItemBranch {
        ItemBranch(height: height, leaves: leaves, branches: branches, counts: counts, labels: labels)
    }

    @inlinable
    var childCount: Int { counts.count }

    /// The child whose labels include `label`: the last one whose smallest label is at most it.
    @inlinable
    func childIndex(forLabel label: UInt64) -> Int {
        var low = 1
        var high = labels.count
        while low < high {
            let middle = (low &+ high) >> 1
            if labels[middle] <= label { low = middle &+ 1 } else { high = middle }
        }
        return low &- 1
    }

    /// The number of items under the children before `index`.
    @inlinable
    func itemsBefore(child index: Int) -> Int {
        var sum = 0
        for child in 0..<index { sum &+= counts[child] }
        return sum
    }

    /// Removes children `range`, returning how many items were under them.
    @inlinable
    func removeChildren(_ range: Range<Int>) -> Int {
        var removed = 0
        for child in range { removed &+= counts[child] }
        if height == 1 { leaves.removeSubrange(range) } else { branches.removeSubrange(range) }
        counts.removeSubrange(range)
        labels.removeSubrange(range)
        total &-= removed
        return removed
    }

    /// Moves children `range` to the end of `other`, a branch of the same height.
    @inlinable
    func moveChildren(_ range: Range<Int>, appendingTo other: ItemBranch) {
        if height == 1 { other.leaves.append(contentsOf: leaves[range]) } else { other.branches.append(contentsOf: branches[range]) }
        other.counts.append(contentsOf: counts[range])
        other.labels.append(contentsOf: labels[range])
        var moved = 0
        for child in range { moved &+= counts[child] }
        other.total &+= moved
        _ = removeChildren(range)
    }

    /// Splits this branch, if it has more than ``capacity`` children, into branches of at most
    /// that many: this one keeps the first children, the others are returned in order.
    @inlinable
    func splitIfOverfull() -> [ItemBranch] {
        guard childCount > Self.capacity else { return [] }
        let pieces = (childCount + Self.capacity - 1) / Self.capacity
        let size = (childCount + pieces - 1) / pieces
        var split: [ItemBranch] = []
        var start = size
        while start < childCount {
            let end = min(start + size, childCount)
            let piece = ItemBranch(
                height: height,
                leaves: height == 1 ? Array(leaves[start..<end]) : [],
                branches: height == 1 ? [] : Array(branches[start..<end]),
                counts: Array(counts[start..<end]),
                labels: Array(labels[start..<end]))
            split.append(piece)
            start = end
        }
        _ = removeChildren(size..<childCount)
        return split
    }
}
