import NIOCore

/// The frames written in one ``PageRound``, by what they carry: pages that are as far behind as
/// each other get the same message, encoded once for all of them.
struct RoundMessages {
    private struct Key: Hashable {
        var first: UInt64
        var last: UInt64
        var isFullList: Bool
    }

    private var frames: [Key: ByteBuffer] = [:]

    /// The frames of the message carrying `updates`, consecutive generations in order.
    mutating func frames(carrying updates: ArraySlice<PageUpdate>) -> ByteBuffer {
        let key = Key(first: updates.first?.generation ?? 0, last: updates.last?.generation ?? 0, isFullList: false)
        return cached(key) { PageUpdate.message(carrying: updates) }
    }

    /// The frames of the full list `full`.
    mutating func frames(of full: PageUpdate) -> ByteBuffer {
        cached(Key(first: full.generation, last: full.generation, isFullList: true)) { full.bytes }
    }

    private mutating func cached(_ key: Key, message: () -> ByteBuffer) -> ByteBuffer {
        if let known = frames[key] { return known }
        let encoded = TextFrames.encode(message())
        frames[key] = encoded
        return encoded
    }
}
