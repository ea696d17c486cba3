/// One item of a section snapshot, stored in a slot of the snapshot's node table.
///
/// A node takes part in two trees at once:
/// - the *outline*: `parent`, `level` and `isExpanded` describe the item's place in the hierarchy
///   the user sees;
/// - the *order tree*: `left`, `right` and `up` link the node into a treap whose in-order walk is
///   the depth-first order of the outline, so that positions, subtree ranges and splices cost
///   O(log *n*) instead of O(*n*). `size` and `minLevel` are that treap's subtree aggregates.
///
/// Links are slot numbers; `-1` means none.
@usableFromInline
struct OutlineNode<Item: Hashable & Sendable>: Sendable {
    @usableFromInline var item: Item
    @usableFromInline var left: Int32
    @usableFromInline var right: Int32
    @usableFromInline var up: Int32
    /// The number of nodes in this node's treap subtree.
    @usableFromInline var size: Int32
    /// The outline depth: 0 for root items.
    @usableFromInline var level: Int32
    /// The smallest `level` in this node's treap subtree.
    @usableFromInline var minLevel: Int32
    /// The slot of the outline parent, `-1` for a root item.
    @usableFromInline var parent: Int32
    @usableFromInline var isExpanded: Bool

    @inlinable
    init(item: Item, level: Int32, parent: Int32, isExpanded: Bool) {
        self.item = item
        self.left = -1
        self.right = -1
        self.up = -1
        self.size = 1
        self.level = level
        self.minLevel = level
        self.parent = parent
        self.isExpanded = isExpanded
    }
}
