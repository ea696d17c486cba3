import NIOCore

/// What one page is written in a round: the full list's frames, when it is sent the full list,
/// then the frames of the updates after what it was sent, if any; and the generation it is then
/// sent up to.
struct RoundWrite {
    var fullList: ByteBuffer?
    var updates: ByteBuffer?
    /// Whether the full list replaces updates the page fell too far behind on.
    var isFullListForLag = false
    var sent: UInt64

    /// Nothing to write: the page stays sent up to `sent`.
    init(sent: UInt64) {
        self.sent = sent
    }

    /// Whether there is nothing to write.
    var isEmpty: Bool { fullList == nil && updates == nil }
}
