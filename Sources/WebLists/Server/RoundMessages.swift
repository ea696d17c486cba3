import NIOCore

/// What one ``PageRound`` sends, looked up once for all its pages: each list's window and full
/// list, and the frames of each message, so that pages as far behind as each other get the same
/// message, encoded once for all of them.
struct RoundMessages {
    private struct Key: Hashable {
        var hub: ObjectIdentifier
        var first: UInt64
        var last: UInt64
        var isFullList: Bool
    }

    private var frames: [Key: ByteBuffer] = [:]
    private var windows: [ObjectIdentifier: PageWindow] = [:]
    private var fullLists: [ObjectIdentifier: PageUpdate] = [:]

    /// What a page of `hub` sent up to `sent` is written in this round: the full list when it
    /// asked for it (`askedForFullList`) or the window no longer serves it, then the updates after
    /// what it was sent.
    mutating func write(toPageOf hub: PageHub, sentUpTo sent: UInt64, askedForFullList: Bool) -> RoundWrite {
        var write = RoundWrite(sent: sent)
        var step = askedForFullList ? .fullList(forLag: false) : window(of: hub, serving: sent).next(after: sent)
        if case .fullList(let forLag) = step {
            (write.sent, write.fullList) = fullList(of: hub)
            write.isFullListForLag = forLag
            step = window(of: hub, serving: write.sent).next(after: write.sent)
        }
        if case .updates(let updates) = step, let last = updates.last?.generation {
            write.updates = frames(carrying: updates, of: hub)
            write.sent = last
        }
        return write
    }

    /// `hub`'s window, taken from the hub the first time a page of it needs it in this round,
    /// again whenever the hub has published since, so that pages written later in the round are
    /// sent what came meanwhile, and again, whole, the first time a page further behind needs it.
    private mutating func window(of hub: PageHub, serving sent: UInt64) -> PageWindow {
        let key = ObjectIdentifier(hub)
        let known = windows[key]
        if let known, known.serves(sent), known.generation == hub.generation { return known }
        let window = hub.window(after: known.map { $0.serves(sent) ? $0.start : 0 } ?? sent)
        windows[key] = window
        return window
    }

    /// The frames of the message carrying `updates`, consecutive generations of `hub` in order.
    private mutating func frames(carrying updates: ArraySlice<PageUpdate>, of hub: PageHub) -> ByteBuffer {
        let key = Key(hub: ObjectIdentifier(hub), first: updates.first?.generation ?? 0, last: updates.last?.generation ?? 0, isFullList: false)
        return cached(key) { PageUpdate.message(carrying: updates) }
    }

    /// `hub`'s full list, taken from the hub once in this round: its generation and frames.
    private mutating func fullList(of hub: PageHub) -> (generation: UInt64, frames: ByteBuffer) {
        let full = fullLists[ObjectIdentifier(hub)] ?? hub.fullList()
        fullLists[ObjectIdentifier(hub)] = full
        let key = Key(hub: ObjectIdentifier(hub), first: full.generation, last: full.generation, isFullList: true)
        return (full.generation, cached(key) { full.bytes })
    }

    private mutating func cached(_ key: Key, message: () -> ByteBuffer) -> ByteBuffer {
        if let known = frames[key] { return known }
        let encoded = TextFrames.encode(message())
        frames[key] = encoded
        return encoded
    }
}
