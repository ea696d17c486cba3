import Foundation
import ObjectStore

/// The entries of one section of a controller's results, in order, kept in chunks of at most
/// `maximumChunkCount` (512 unless told) so that inserting or removing one at a sorted
/// position moves at most one chunk's entries, not the section's.
///
/// A section of 20,000 entries as one array moves 10,000 of them on average per edit; a save of
/// 100 changes makes 200 such edits. In chunks, an edit moves at most a chunk and renumbers the
/// chunks' running counts (one integer per chunk). Sort keys and item identifiers are kept in
/// parallel chunks: searches read the keys (``SortKeyChunks``) alone.
struct ResultEntries<ItemIdentifierType: Hashable & Sendable>: Sequence {
    typealias Element = ResultEntry<ItemIdentifierType>

    /// The sort keys, chunk by chunk.
    private var keys: SortKeyChunks
    /// The item identifiers, in chunks of the same sizes as the keys'.
    private var items: [[ItemIdentifierType]] = []

    /// No entries; chunks hold at most `maximumChunkCount` (at least 2). With `order`, the order
    /// of every search, the keys are searched as words while they have them (``SortKeyChunks``).
    init(maximumChunkCount: Int = 512, order: FetchSortOrder? = nil) {
        keys = SortKeyChunks(maximumChunkCount: maximumChunkCount, order: order)
    }

    /// Entries already in order.
    init(_ entries: some Sequence<Element>, maximumChunkCount: Int = 512, order: FetchSortOrder? = nil) {
        self.init(maximumChunkCount: maximumChunkCount, order: order)
        for entry in entries { append(entry) }
    }

    var count: Int { keys.count }
    /// Whether searches compare the keys' words (see ``SortKeyChunks``).
    var isPacked: Bool { keys.isPacked }
    var isEmpty: Bool { items.isEmpty }
    var first: Element? { isEmpty ? nil : Element(sortKey: keys.chunks[0][0], itemIdentifier: items[0][0]) }

    /// The item identifiers, in order.
    var itemIdentifiers: [ItemIdentifierType] { Array(items.joined()) }

    /// The entry at `position` (0 ..< ``count``).
    ///
    /// - Complexity: O(log *c*) for *c* chunks.
    subscript(position: Int) -> Element {
        let (chunk, offset) = keys.locate(position)
        return Element(sortKey: keys.chunks[chunk][offset], itemIdentifier: items[chunk][offset])
    }

    /// The item identifier of the entry at `position` (0 ..< ``count``), without its sort key.
    ///
    /// - Complexity: O(log *c*) for *c* chunks.
    func itemIdentifier(at position: Int) -> ItemIdentifierType {
        let (chunk, offset) = keys.locate(position)
        return items[chunk][offset]
    }

    /// Appends `entry`, which comes after every entry already here.
    mutating func append(_ entry: Element) {
        if keys.append(entry.sortKey) {
            var chunk: [ItemIdentifierType] = []
            chunk.reserveCapacity(keys.filledChunkCount)
            items.append(chunk)
        }
        items[items.count - 1].append(entry.itemIdentifier)
    }

    /// Where `sortKey` is, or would be inserted.
    ///
    /// - Complexity: O(log *n*) comparisons.
    func slot(of sortKey: FetchSortKey, order: FetchSortOrder) -> (index: Int, found: Bool) {
        keys.slot(of: sortKey, order: order)
    }

    /// Inserts `entry` at `position` (0 ... ``count``).
    ///
    /// - Complexity: O(*m* + *c*) for chunks of *m* entries and *c* chunks.
    mutating func insert(_ entry: Element, at position: Int) {
        let place = keys.insert(entry.sortKey, at: position)
        if items.isEmpty { items.append([]) }
        items[place.chunk].insert(entry.itemIdentifier, at: place.offset)
        if let half = place.splitAt {
            let tail = Array(items[place.chunk][half...])
            items[place.chunk].removeSubrange(half...)
            items.insert(tail, at: place.chunk + 1)
        }
    }

    /// Removes and returns the entry at `position` (0 ..< ``count``).
    ///
    /// - Complexity: O(*m* + *c*) for chunks of *m* entries and *c* chunks.
    @discardableResult
    mutating func remove(at position: Int) -> Element {
        let sortKey = keys[position]
        let place = keys.remove(at: position)
        let item = items[place.chunk].remove(at: place.offset)
        if place.removedChunk { items.remove(at: place.chunk) }
        return Element(sortKey: sortKey, itemIdentifier: item)
    }

    func makeIterator() -> Iterator {
        Iterator(keys: keys.chunks, items: items)
    }

    var underestimatedCount: Int { count }

    /// The entries in order, chunk by chunk.
    struct Iterator: IteratorProtocol {
        let keys: [[FetchSortKey]]
        let items: [[ItemIdentifierType]]
        var chunk = 0, offset = 0

        init(keys: [[FetchSortKey]], items: [[ItemIdentifierType]]) {
            self.keys = keys
            self.items = items
        }

        mutating func next() -> Element? {
            guard chunk < keys.count else { return nil }
            let entry = Element(sortKey: keys[chunk][offset], itemIdentifier: items[chunk][offset])
            offset += 1
            if offset == keys[chunk].count { (chunk, offset) = (chunk + 1, 0) }
            return entry
        }
    }

    /// Traps unless the keys' chunks hold together and the items' chunks match them.
    func _checkInvariants() {
        keys._checkInvariants()
        precondition(items.map(\.count) == keys.chunks.map(\.count), "ResultEntries: item chunks differ from key chunks")
    }
}
