/// Where a leaf of an item tree is: the key of its section and its label, by which a descent from
/// the section's root finds it.
@usableFromInline
struct LeafPlace: Equatable, Sendable {
    @usableFromInline var sectionKey: UInt32
    @usableFromInline var label: UInt64

    @inlinable
    init(sectionKey: UInt32, label: UInt64) {
        self.sectionKey = sectionKey
        self.label = label
    }
}

/// The places of a snapshot's leaves, by leaf number: a persistent array (a radix tree of 32-way
/// nodes) that copies share node by node.
///
/// Leaf numbers are handed out in order and never reused, so the directory only grows at its
/// end; a place changes when its leaf is relabeled. Reading, setting and appending cost O(log₃₂ *m*)
/// for *m* leaves ever numbered.
@usableFromInline
struct LeafDirectory: @unchecked Sendable {
    // Nodes are never changed while shared (every change first makes its path unique).
    @usableFromInline var root: DirectoryNode
    @usableFromInline var count: Int
    /// The bit shift of the root's level: 0 when the root holds places.
    @usableFromInline var shift: Int

    @inlinable
    init() {
        root = DirectoryNode()
        count = 0
        shift = 0
    }

    @inlinable
    static var width: Int { 32 }

    @inlinable
    subscript(leaf: UInt32) -> LeafPlace {
        let index = Int(leaf)
        // Unowned: the directory keeps every node alive while it is read.
        unowned(unsafe) var node = root
        var level = shift
        while level > 0 {
            node = node.children[(index >> level) & 31]
            level &-= 5
        }
        return node.places[index & 31]
    }

    /// Sets the place of leaf `leaf`, which the directory holds.
    @inlinable
    mutating func set(_ leaf: UInt32, _ place: LeafPlace) {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        root.set(Int(leaf), place, shift: shift)
    }

    /// Numbers a new leaf at `place`, returning its number.
    @inlinable
    mutating func append(_ place: LeafPlace) -> UInt32 {
        let index = count
        precondition(index < Int(ItemSlot.leafLimit), "Too many leaves were numbered in one snapshot (an internal error).")
        if index == Self.width << shift {
            root = DirectoryNode(children: [root])
            shift &+= 5
        } else if !isKnownUniquelyReferenced(&root) {
            root = root.copy()
        }
        root.append(index, place, shift: shift)
        count &+= 1
        return UInt32(index)
    }
}

/// A node of ``LeafDirectory``: up to 32 places, or up to 32 children.
@usableFromInline
final class DirectoryNode {
    @exclusivity(unchecked) @usableFromInline var places: [LeafPlace]
    @exclusivity(unchecked) @usableFromInline var children: [DirectoryNode]

    @inlinable
    init(places: [LeafPlace] = [], children: [DirectoryNode] = []) {
        self.places = places
        self.children = children
    }

    @inlinable
    func copy() -> DirectoryNode {
        DirectoryNode(places: places, children: children)
    }

    /// Sets the place at `index` below this node, which the caller made unique.
    @inlinable
    func set(_ index: Int, _ place: LeafPlace, shift: Int) {
        if shift == 0 {
            places[index & 31] = place
            return
        }
        let child = (index >> shift) & 31
        if !isKnownUniquelyReferenced(&children[child]) { children[child] = children[child].copy() }
        children[child].set(index, place, shift: shift &- 5)
    }

    /// Adds the place at `index`, the first index past the end, below this node (made unique).
    @inlinable
    func append(_ index: Int, _ place: LeafPlace, shift: Int) {
        if shift == 0 {
            places.append(place)
            return
        }
        let child = (index >> shift) & 31
        if child == children.count {
            children.append(DirectoryNode())
        } else if !isKnownUniquelyReferenced(&children[child]) {
            children[child] = children[child].copy()
        }
        children[child].append(index, place, shift: shift &- 5)
    }
}
