/// The persistent part of the item index: the entries changed since the flat ``ItemTable`` was
/// built, in a hash trie that copies share node by node.
///
/// Each level of the trie takes five bits of the key's hash (computed once by the caller); a node
/// keeps its entries and its children in two compact arrays addressed by bitmaps. Setting an
/// entry in a shared trie copies the O(log *m*) nodes on its path, for *m* entries; an entry whose
/// slot is ``ItemSlot/none`` records a deletion, hiding the flat table's entry. Entries are never
/// removed: the whole overlay is folded into a fresh flat table when it grows large.
@usableFromInline
struct ItemOverlay<Key: Hashable & Sendable>: @unchecked Sendable {
    // Nodes are never changed while shared (every change first makes its path unique).
    @usableFromInline var root: OverlayNode<Key>?
    /// The number of entries, deletions included.
    @usableFromInline var count: Int

    @inlinable
    init() {
        root = nil
        count = 0
    }

    @inlinable
    var isEmpty: Bool { root == nil }

    /// The slot recorded for `key`: `nil` when the overlay does not know it, ``ItemSlot/none``
    /// when it records the key's deletion.
    @inlinable
    func find(_ key: Key, hash: Int) -> ItemSlot? {
        // Unowned: the overlay keeps every node alive while it is read, so the walk retains none.
        unowned(unsafe) var node = root
        var shift = 0
        let bits = UInt64(UInt(bitPattern: hash))
        while let current = node {
            if shift >= 64 {
                for entry in current.entries where entry.hash == hash && entry.key == key { return entry.slot }
                return nil
            }
            let bit = UInt32(1) << UInt32(truncatingIfNeeded: (bits >> UInt64(shift)) & 31)
            if current.entryMap & bit != 0 {
                let entry = current.entries[(current.entryMap & (bit &- 1)).nonzeroBitCount]
                return entry.hash == hash && entry.key == key ? entry.slot : nil
            }
            guard current.childMap & bit != 0 else { return nil }
            node = current.children[(current.childMap & (bit &- 1)).nonzeroBitCount]
            shift &+= 5
        }
        return nil
    }

    /// Records `slot` for `key`, replacing what the overlay knew of it.
    @inlinable
    mutating func set(_ key: Key, hash: Int, to slot: ItemSlot) {
        if root == nil {
            root = OverlayNode(entry: IndexEntry(hash: hash, key: key, slot: slot), shift: 0)
            count = 1
            return
        }
        if !isKnownUniquelyReferenced(&root!) { root = root!.copy() }
        if root.unsafelyUnwrapped.set(IndexEntry(hash: hash, key: key, slot: slot), shift: 0) { count &+= 1 }
    }

    /// Calls `body` with every entry, deletions included, in no particular order.
    @inlinable
    func forEach(_ body: (Key, ItemSlot) -> Void) {
        root?.forEach(body)
    }
}

/// A node of ``ItemOverlay``: up to 32 positions, each empty, an entry or a child. Below the
/// twelfth level (the hash used up) a node is a plain list of entries whose hashes are equal.
@usableFromInline
final class OverlayNode<Key: Hashable & Sendable> {
    @exclusivity(unchecked) @usableFromInline var entryMap: UInt32
    @exclusivity(unchecked) @usableFromInline var childMap: UInt32
    @exclusivity(unchecked) @usableFromInline var entries: [IndexEntry<Key>]
    @exclusivity(unchecked) @usableFromInline var children: [OverlayNode<Key>]

    @inlinable
    init(entryMap: UInt32, childMap: UInt32, entries: [IndexEntry<Key>], children: [OverlayNode<Key>]) {
        self.entryMap = entryMap
        self.childMap = childMap
        self.entries = entries
        self.children = children
    }

    @inlinable
    convenience init(entry: IndexEntry<Key>, shift: Int) {
        self.init(entryMap: shift >= 64 ? 0 : Self.bit(entry.hash, shift), childMap: 0, entries: [entry], children: [])
    }

    @inlinable
    func copy() -> OverlayNode {
        OverlayNode(entryMap: entryMap, childMap: childMap, entries: entries, children: children)
    }

    @inlinable
    static func bit(_ hash: Int, _ shift: Int) -> UInt32 {
        UInt32(1) << UInt32(truncatingIfNeeded: (UInt64(UInt(bitPattern: hash)) >> UInt64(shift)) & 31)
    }

    /// Sets `entry` in this node, which the caller made unique; returns whether the key is new.
    @inlinable
    func set(_ entry: IndexEntry<Key>, shift: Int) -> Bool {
        if shift >= 64 {
            if let index = entries.firstIndex(where: { $0.hash == entry.hash && $0.key == entry.key }) {
                entries[index].slot = entry.slot
                return false
            }
            entries.append(entry)
            return true
        }
        let bit = Self.bit(entry.hash, shift)
        if entryMap & bit != 0 {
            let index = (entryMap & (bit &- 1)).nonzeroBitCount
            let present = entries[index]
            if present.hash == entry.hash && present.key == entry.key {
                entries[index].slot = entry.slot
                return false
            }
            // Two keys at one position: both go one level down.
            entries.remove(at: index)
            entryMap &= ~bit
            let child = OverlayNode(entry: present, shift: shift &+ 5)
            _ = child.set(entry, shift: shift &+ 5)
            children.insert(child, at: (childMap & (bit &- 1)).nonzeroBitCount)
            childMap |= bit
            return true
        }
        if childMap & bit != 0 {
            let index = (childMap & (bit &- 1)).nonzeroBitCount
            if !isKnownUniquelyReferenced(&children[index]) { children[index] = children[index].copy() }
            return children[index].set(entry, shift: shift &+ 5)
        }
        entries.insert(entry, at: (entryMap & (bit &- 1)).nonzeroBitCount)
        entryMap |= bit
        return true
    }

    @inlinable
    func forEach(_ body: (Key, ItemSlot) -> Void) {
        for entry in entries { body(entry.key, entry.slot) }
        for child in children { child.forEach(body) }
    }
}
