import NIOCore
import NIOWebSocket

/// Writes one page straight into its socket's channel, on the channel's event loop and with no
/// task of its own: in each round of its loop (``PageRound``) that follows a publish or the
/// page's own request, the writer sends what the page has yet to be sent as one message (an
/// update, or an array of them, taken from its hub's window, or the full list), with one flush,
/// and remembers the generation it has sent up to.
///
/// The message's frames are written as encoded once for the round, beneath the channel's
/// WebSocket frame encoder, which would only encode them again.
///
/// While the channel cannot take more (the page reads too slowly), nothing is written; the writer
/// looks again a few milliseconds later, for as long as the connection is open, and a page that
/// fell too far behind by then is sent the full list.
final class PageWriter: @unchecked Sendable {
    // Sendable: `sent`, `encoderContext`, `isRetryScheduled` and `hasEnded` are read and written
    // only on the channel's event loop (`drain(sharing:)` checks it in debug builds, as SwiftNIO's
    // own confinement checks do).
    private let page: PageCursor
    private let hub: PageHub
    private let channel: any Channel
    private let round: PageRound
    private let finished: AsyncStream<Void>.Continuation
    private var sent: UInt64
    private var encoderContext: ChannelHandlerContext?
    private var isRetryScheduled = false
    /// Whether the page's connection ended: the writer writes no more.
    private(set) var hasEnded = false

    /// How long to wait before looking again at a channel that could take no more.
    static let retryDelay = TimeAmount.milliseconds(5)

    /// A writer of `page`, one of `hub`'s, to `channel`, whose loop's round is `round`;
    /// `finished` ends when the page's connection is to end.
    init(page: PageCursor, hub: PageHub, channel: any Channel, round: PageRound, finished: AsyncStream<Void>.Continuation) {
        precondition(round.eventLoop === channel.eventLoop, "a page's round is its channel's event loop's")
        self.page = page
        self.hub = hub
        self.channel = channel
        self.round = round
        self.finished = finished
        sent = page.start ?? 0
    }

    /// Writes what the page needs now, and whenever more comes.
    func start() {
        page.onRequest { [weak self] in
            guard let self else { return }
            self.round.wake(self)
        }
        round.add(self)
    }

    /// Writes what the page has yet to be sent, taking each message's frames from `messages`;
    /// `false` once the page's connection ended.
    func drain(sharing messages: inout RoundMessages) -> Bool {
        channel.eventLoop.assertInEventLoop()
        guard !hasEnded else { return false }
        guard channel.isActive else { return end() }
        guard channel.isWritable else {
            retryLater()
            return true
        }
        let request = page.take()
        guard request != .close else { return end() }
        let next = messages.write(toPageOf: hub, sentUpTo: sent, askedForFullList: request == .fullList)
        guard !next.isEmpty else { return true }
        if next.isFullListForLag { page.countFullListForLag() }
        if let fullList = next.fullList, !write(fullList) { return end() }
        if let updates = next.updates, !write(updates) { return end() }
        sent = next.sent
        encoderContext?.flush()
        return true
    }

    private func retryLater() {
        guard !isRetryScheduled else { return }
        isRetryScheduled = true
        channel.eventLoop.scheduleTask(in: Self.retryDelay) {
            self.isRetryScheduled = false
            self.round.wake(self)
        }
    }

    private func end() -> Bool {
        hasEnded = true
        finished.finish()
        return false
    }

    /// Writes `frames` beneath the channel's WebSocket frame encoder (and the writer flushes them
    /// there too); `false`, with the channel closed, when it has none.
    private func write(_ frames: ByteBuffer) -> Bool {
        if encoderContext == nil { encoderContext = try? channel.pipeline.syncOperations.context(handlerType: WebSocketFrameEncoder.self) }
        guard let encoderContext else {
            channel.close(promise: nil)
            return false
        }
        encoderContext.write(NIOAny(frames), promise: nil)
        return true
    }
}
