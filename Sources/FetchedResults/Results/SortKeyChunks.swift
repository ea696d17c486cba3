import Foundation
import ObjectStore

/// The sort keys of one section of a controller's results, in order, in chunks of at most
/// `maximumChunkCount`: what ``ResultEntries`` searches and edits, without its item type, so
/// that searches compile for sort keys alone instead of going through generic entries.
///
/// Given the order, the keys are also kept as words (``FetchSortOrder/appendWords(of:to:)``)
/// for as long as every key has them (integer sort values): searches then compare words in
/// place instead of sort values, with nothing to retain or decode at each probe.
struct SortKeyChunks {
    /// The most keys a chunk holds; a chunk that grows past it splits in two halves.
    let maximumChunkCount: Int
    /// The keys, in order, chunk by chunk; no chunk is empty.
    private(set) var chunks: [[FetchSortKey]] = []
    /// The number of keys in each chunk and the chunks before it.
    private(set) var ends: [Int] = []
    /// The order the keys' words follow, while every key has them; nil otherwise.
    private(set) var packing: FetchSortOrder?
    /// The words of each key while ``packing`` is set (0 otherwise).
    private(set) var width = 0
    /// By chunk, while ``packing`` is set: the words of its keys, ``width`` per key.
    private(set) var words: [[UInt64]] = []
    /// By chunk, while ``packing`` is set: the words of its last key, side by side, so that
    /// finding a key's chunk reads one small array instead of the end of every chunk it probes.
    private(set) var lastWords: [UInt64] = []

    /// The keys a chunk gets when keys are appended in order: half the most, so that a chunk
    /// takes as many insertions before it splits.
    var filledChunkCount: Int { maximumChunkCount / 2 }

    /// No keys. With `order` (the order of every search), keys are kept as words too while
    /// they all have them.
    init(maximumChunkCount: Int, order: FetchSortOrder? = nil) {
        precondition(maximumChunkCount >= 2, "SortKeyChunks: chunks of at most \(maximumChunkCount)")
        self.maximumChunkCount = maximumChunkCount
        packing = order
        width = order?.wordsPerKey ?? 0
    }

    /// Whether searches compare words.
    var isPacked: Bool { packing != nil }

    var count: Int { ends.last ?? 0 }

    /// The key at `position` (0 ..< ``count``).
    subscript(position: Int) -> FetchSortKey {
        let (chunk, offset) = locate(position)
        return chunks[chunk][offset]
    }

    /// Appends `key`, which comes after every key already here; says whether it began a chunk.
    mutating func append(_ key: FetchSortKey) -> Bool {
        let begins = chunks.isEmpty || chunks[chunks.count - 1].count >= filledChunkCount
        if begins {
            var chunk: [FetchSortKey] = []
            chunk.reserveCapacity(filledChunkCount)
            chunks.append(chunk)
            ends.append(count)
        }
        chunks[chunks.count - 1].append(key)
        ends[ends.count - 1] += 1
        if let packing {
            if begins {
                var chunk: [UInt64] = []
                chunk.reserveCapacity(filledChunkCount * width)
                words.append(chunk)
            }
            if !packing.appendWords(of: key, to: &words[words.count - 1]) { return unpackAfter(begins) }
            if begins { lastWords.append(contentsOf: repeatElement(0, count: width)) }
            refreshLastWords(of: chunks.count - 1)
        }
        return begins
    }

    /// Stops keeping words: a key without them arrived.
    private mutating func unpack() {
        packing = nil
        width = 0
        words = []
        lastWords = []
    }

    /// ``unpack()``, then hands on `begins`.
    private mutating func unpackAfter(_ begins: Bool) -> Bool {
        unpack()
        return begins
    }

    /// Copies the words of the last key of `chunk` into ``lastWords``.
    private mutating func refreshLastWords(of chunk: Int) {
        let start = chunk * width
        let last = words[chunk].count - width
        for index in 0..<width { lastWords[start + index] = words[chunk][last + index] }
    }

    /// Where `key` is, or would be inserted: the first chunk whose last key does not come before
    /// it, then a binary search in that chunk.
    ///
    /// - Complexity: O(log *n*) comparisons.
    func slot(of key: FetchSortKey, order: FetchSortOrder) -> (index: Int, found: Bool) {
        if let packing {
            var probe: [UInt64] = []
            probe.reserveCapacity(width)
            if packing.appendWords(of: key, to: &probe) { return slot(ofWords: probe) }
        }
        // Read in place (no copy of a key, so no retain of its values at each probe).
        let low = chunks.withUnsafeBufferPointer { chunks in
            var low = 0, high = chunks.count
            while low < high {
                let middle = (low + high) / 2
                let before = chunks[middle].withUnsafeBufferPointer { order.compare($0[$0.count - 1], key) == .orderedAscending }
                if before { low = middle + 1 } else { high = middle }
            }
            return low
        }
        guard low < chunks.count else { return (count, false) }
        let start = low == 0 ? 0 : ends[low - 1]
        return chunks[low].withUnsafeBufferPointer { keys in
            var lower = 0, upper = keys.count
            while lower < upper {
                let middle = (lower + upper) / 2
                switch order.compare(keys[middle], key) {
                case .orderedAscending: lower = middle + 1
                case .orderedDescending: upper = middle
                case .orderedSame: return (start + middle, true)
                }
            }
            return (start + lower, false)
        }
    }

    /// Inserts `key` at `position` (0 ... ``count``); hands back the chunk and offset it went
    /// to, and the offset at which that chunk then split (its keys from there on became the next
    /// chunk), if it did.
    ///
    /// - Complexity: O(*m* + *c*) for chunks of *m* keys and *c* chunks.
    mutating func insert(_ key: FetchSortKey, at position: Int) -> (chunk: Int, offset: Int, splitAt: Int?) {
        precondition(position >= 0 && position <= count, "SortKeyChunks: position \(position) out of 0...\(count)")
        if chunks.isEmpty {
            _ = append(key)
            return (0, 0, nil)
        }
        // At the end, the last chunk takes it; elsewhere, the chunk of the key it goes before.
        let chunk = position == count ? chunks.count - 1 : locate(position).chunk
        let offset = position - (chunk == 0 ? 0 : ends[chunk - 1])
        chunks[chunk].insert(key, at: offset)
        for index in chunk..<ends.count { ends[index] += 1 }
        insertWords(of: key, chunk: chunk, offset: offset)
        guard chunks[chunk].count > maximumChunkCount else { return (chunk, offset, nil) }
        let half = chunks[chunk].count / 2
        let tail = Array(chunks[chunk][half...])
        chunks[chunk].removeSubrange(half...)
        chunks.insert(tail, at: chunk + 1)
        ends.insert(ends[chunk], at: chunk + 1)
        ends[chunk] -= tail.count
        if isPacked {
            let tailWords = Array(words[chunk][(half * width)...])
            words[chunk].removeSubrange((half * width)...)
            words.insert(tailWords, at: chunk + 1)
            lastWords.insert(contentsOf: repeatElement(0, count: width), at: (chunk + 1) * width)
            refreshLastWords(of: chunk)
            refreshLastWords(of: chunk + 1)
        }
        return (chunk, offset, half)
    }

    /// Puts the words of `key`, just inserted at `offset` of `chunk`, beside it; stops keeping
    /// words when it has none.
    private mutating func insertWords(of key: FetchSortKey, chunk: Int, offset: Int) {
        guard let packing else { return }
        var added: [UInt64] = []
        added.reserveCapacity(width)
        guard packing.appendWords(of: key, to: &added) else { return unpack() }
        words[chunk].insert(contentsOf: added, at: offset * width)
        if offset == chunks[chunk].count - 1 { refreshLastWords(of: chunk) }
    }

    /// Removes the key at `position` (0 ..< ``count``); hands back the chunk and offset it left,
    /// and whether that chunk, left empty, was removed.
    ///
    /// - Complexity: O(*m* + *c*) for chunks of *m* keys and *c* chunks.
    mutating func remove(at position: Int) -> (chunk: Int, offset: Int, removedChunk: Bool) {
        let (chunk, offset) = locate(position)
        chunks[chunk].remove(at: offset)
        for index in chunk..<ends.count { ends[index] -= 1 }
        if isPacked { words[chunk].removeSubrange((offset * width)..<((offset + 1) * width)) }
        guard chunks[chunk].isEmpty else {
            if isPacked && offset == chunks[chunk].count { refreshLastWords(of: chunk) }
            return (chunk, offset, false)
        }
        chunks.remove(at: chunk)
        ends.remove(at: chunk)
        if isPacked {
            words.remove(at: chunk)
            lastWords.removeSubrange((chunk * width)..<((chunk + 1) * width))
        }
        return (chunk, offset, true)
    }

    /// The chunk that holds `position`, and the position's offset in it.
    ///
    /// - Complexity: O(log *c*) for *c* chunks.
    func locate(_ position: Int) -> (chunk: Int, offset: Int) {
        precondition(position >= 0 && position < count, "SortKeyChunks: position \(position) out of 0..<\(count)")
        var low = 0, high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return (low, position - (low == 0 ? 0 : ends[low - 1]))
    }

    /// Traps unless no chunk is empty or too large and the running counts match the chunks.
    func _checkInvariants() {
        precondition(chunks.count == ends.count, "SortKeyChunks: \(chunks.count) chunks but \(ends.count) counts")
        var total = 0
        for (chunk, end) in zip(chunks, ends) {
            precondition(!chunk.isEmpty && chunk.count <= maximumChunkCount, "SortKeyChunks: a chunk of \(chunk.count) keys")
            total += chunk.count
            precondition(total == end, "SortKeyChunks: running count \(end), expected \(total)")
        }
        if isPacked {
            precondition(words.map(\.count) == chunks.map { $0.count * width }, "SortKeyChunks: words out of step with the keys")
            precondition(lastWords == words.flatMap { $0.suffix(width) }, "SortKeyChunks: last words out of step with the chunks")
        }
    }
}
