import NIOCore
import NIOWebSocket

/// Writes one page's queue straight into its socket's channel, on the channel's event loop and
/// with no task of its own: when the queue has something, the page's ``PageRound`` (one for every
/// page of the loop) has the writer send what the queue holds then as one message (an update, or
/// an array of them, or the full list), with one flush.
///
/// The message's frames are written as encoded once for the round, beneath the channel's
/// WebSocket frame encoder, which would only encode them again.
///
/// While the channel cannot take more (the page reads too slowly), nothing is written and the
/// updates stay in the page's queue, which falls back to the full list past its limit; the
/// writer looks again a few milliseconds later, for as long as the connection is open.
final class PageWriter: @unchecked Sendable {
    // Sendable: `sent` and `encoderContext` are read and written only in `drain(sharing:)`, which
    // checks that it runs on the channel's event loop (in debug builds, as SwiftNIO's own
    // confinement checks do).
    private let page: PageQueue
    private let hub: PageHub
    private let channel: any Channel
    private let round: PageRound
    private let finished: AsyncStream<Void>.Continuation
    private var sent: UInt64
    private var encoderContext: ChannelHandlerContext?

    /// How long to wait before looking again at a channel that could take no more.
    static let retryDelay = TimeAmount.milliseconds(5)

    /// A writer of `page` to `channel`, whose loop's round is `round`, for a page that holds
    /// generation `start`; `finished` ends when the queue closes.
    init(
        page: PageQueue, hub: PageHub, channel: any Channel, round: PageRound, from start: UInt64,
        finished: AsyncStream<Void>.Continuation
    ) {
        precondition(round.eventLoop === channel.eventLoop, "a page's round is its channel's event loop's")
        self.page = page
        self.hub = hub
        self.channel = channel
        self.round = round
        self.finished = finished
        sent = start
    }

    /// Writes what is queued now, and whenever more comes.
    func start() {
        round.wake(self)
    }

    /// Writes what the queue holds, taking the frames of each message from `messages`; asks to
    /// be woken when there is more.
    func drain(sharing messages: inout RoundMessages) {
        channel.eventLoop.assertInEventLoop()
        var wrote = false
        defer { if wrote { encoderContext?.flush() } }
        while true {
            guard channel.isActive else {
                finished.finish()
                return
            }
            guard channel.isWritable else {
                channel.eventLoop.scheduleTask(in: Self.retryDelay) { self.round.wake(self) }
                return
            }
            guard let next = page.poll(orCallWhenReady: { self.round.wake(self) }) else { return }
            switch next {
            case .closed:
                finished.finish()
                return
            case .fullList:
                let full = hub.fullList()
                guard write(messages.frames(of: full)) else { return }
                sent = full.generation
                wrote = true
            case .updates(let updates):
                let unsent = updates.drop { $0.generation <= sent }
                guard let last = unsent.last else { continue }
                guard unsent.first?.generation == sent + 1, last.generation == sent + UInt64(unsent.count) else {
                    page.requestFullList()
                    continue
                }
                guard write(messages.frames(carrying: unsent)) else { return }
                sent = last.generation
                wrote = true
            }
        }
    }

    /// Writes `frames` beneath the channel's WebSocket frame encoder (and the writer flushes them
    /// there too); `false`, with the channel closed, when it has none.
    private func write(_ frames: ByteBuffer) -> Bool {
        if encoderContext == nil { encoderContext = try? channel.pipeline.syncOperations.context(handlerType: WebSocketFrameEncoder.self) }
        guard let encoderContext else {
            channel.close(promise: nil)
            finished.finish()
            return false
        }
        encoderContext.write(NIOAny(frames), promise: nil)
        return true
    }
}
