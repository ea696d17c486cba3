import Foundation
import ObjectStore

/// The entries of one section of a controller's results, in order, kept in chunks of at most
/// `maximumChunkCount` (2,048 unless told) so that inserting or removing one at a sorted
/// position moves at most one chunk's entries, not the section's.
///
/// A section of 20,000 entries as one array moves 10,000 of them on average per edit; a save of
/// 100 changes makes 200 such edits. In chunks, an edit moves at most a chunk and renumbers the
/// chunks' running counts (one integer per chunk).
struct ResultEntries<ItemIdentifierType: Hashable & Sendable>: Sequence {
    typealias Element = ResultEntry<ItemIdentifierType>

    /// The most entries a chunk holds; a chunk that grows past it splits in two halves.
    let maximumChunkCount: Int
    /// The entries a chunk gets when entries are appended in order: half the most, so that a
    /// chunk takes as many insertions before it splits.
    private var filledChunkCount: Int { maximumChunkCount / 2 }

    /// The entries, in order, chunk by chunk; no chunk is empty.
    private var chunks: [[Element]] = []
    /// The number of entries in each chunk and the chunks before it.
    private var ends: [Int] = []

    /// No entries; chunks hold at most `maximumChunkCount` (at least 2).
    init(maximumChunkCount: Int = 2_048) {
        precondition(maximumChunkCount >= 2, "ResultEntries: chunks of at most \(maximumChunkCount)")
        self.maximumChunkCount = maximumChunkCount
    }

    /// Entries already in order.
    init(_ entries: some Sequence<Element>, maximumChunkCount: Int = 2_048) {
        self.init(maximumChunkCount: maximumChunkCount)
        for entry in entries { append(entry) }
    }

    var count: Int { ends.last ?? 0 }
    var isEmpty: Bool { chunks.isEmpty }
    var first: Element? { chunks.first?.first }

    /// The entry at `position` (0 ..< ``count``).
    ///
    /// - Complexity: O(log *c*) for *c* chunks.
    subscript(position: Int) -> Element {
        let (chunk, offset) = locate(position)
        return chunks[chunk][offset]
    }

    /// Appends `entry`, which comes after every entry already here.
    mutating func append(_ entry: Element) {
        if chunks.isEmpty || chunks[chunks.count - 1].count >= filledChunkCount {
            var chunk: [Element] = []
            chunk.reserveCapacity(filledChunkCount)
            chunks.append(chunk)
            ends.append(count)
        }
        chunks[chunks.count - 1].append(entry)
        ends[ends.count - 1] += 1
    }

    /// Where `sortKey` is, or would be inserted: the first chunk whose last entry does not come
    /// before it, then a binary search in that chunk.
    ///
    /// - Complexity: O(log *n*) comparisons.
    func slot(of sortKey: FetchSortKey, ordering: (FetchSortKey, FetchSortKey) -> ComparisonResult) -> (index: Int, found: Bool) {
        var low = 0, high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if ordering(chunks[middle][chunks[middle].count - 1].sortKey, sortKey) == .orderedAscending {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low < chunks.count else { return (count, false) }
        let start = low == 0 ? 0 : ends[low - 1]
        let slot = chunks[low].withUnsafeBufferPointer { entries in
            var lower = 0, upper = entries.count
            while lower < upper {
                let middle = (lower + upper) / 2
                switch ordering(entries[middle].sortKey, sortKey) {
                case .orderedAscending: lower = middle + 1
                case .orderedDescending: upper = middle
                case .orderedSame: return (middle, true)
                }
            }
            return (lower, false)
        }
        return (start + slot.0, slot.1)
    }

    /// Inserts `entry` at `position` (0 ... ``count``).
    ///
    /// - Complexity: O(*m* + *c*) for chunks of *m* entries and *c* chunks.
    mutating func insert(_ entry: Element, at position: Int) {
        precondition(position >= 0 && position <= count, "ResultEntries: position \(position) out of 0...\(count)")
        guard !chunks.isEmpty else {
            append(entry)
            return
        }
        // At the end, the last chunk takes it; elsewhere, the chunk of the entry it goes before.
        let chunk = position == count ? chunks.count - 1 : locate(position).chunk
        let start = chunk == 0 ? 0 : ends[chunk - 1]
        chunks[chunk].insert(entry, at: position - start)
        for index in chunk..<ends.count { ends[index] += 1 }
        if chunks[chunk].count > maximumChunkCount { split(chunk) }
    }

    /// Removes and returns the entry at `position` (0 ..< ``count``).
    ///
    /// - Complexity: O(*m* + *c*) for chunks of *m* entries and *c* chunks.
    @discardableResult
    mutating func remove(at position: Int) -> Element {
        let (chunk, offset) = locate(position)
        let entry = chunks[chunk].remove(at: offset)
        for index in chunk..<ends.count { ends[index] -= 1 }
        if chunks[chunk].isEmpty {
            chunks.remove(at: chunk)
            ends.remove(at: chunk)
        }
        return entry
    }

    /// Splits a chunk that grew too large into two halves.
    private mutating func split(_ chunk: Int) {
        let half = chunks[chunk].count / 2
        let tail = Array(chunks[chunk][half...])
        chunks[chunk].removeSubrange(half...)
        chunks.insert(tail, at: chunk + 1)
        ends.insert(ends[chunk], at: chunk + 1)
        ends[chunk] -= tail.count
    }

    /// The chunk that holds `position`, and the position's offset in it.
    private func locate(_ position: Int) -> (chunk: Int, offset: Int) {
        precondition(position >= 0 && position < count, "ResultEntries: position \(position) out of 0..<\(count)")
        var low = 0, high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return (low, position - (low == 0 ? 0 : ends[low - 1]))
    }

    func makeIterator() -> FlattenSequence<[[Element]]>.Iterator {
        chunks.joined().makeIterator()
    }

    var underestimatedCount: Int { count }

    /// Traps unless no chunk is empty or too large and the running counts match the chunks.
    func _checkInvariants() {
        precondition(chunks.count == ends.count, "ResultEntries: \(chunks.count) chunks but \(ends.count) counts")
        var total = 0
        for (chunk, end) in zip(chunks, ends) {
            precondition(!chunk.isEmpty && chunk.count <= maximumChunkCount, "ResultEntries: a chunk of \(chunk.count) entries")
            total += chunk.count
            precondition(total == end, "ResultEntries: running count \(end), expected \(total)")
        }
    }
}
