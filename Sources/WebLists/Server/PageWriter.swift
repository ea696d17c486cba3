import NIOCore
import NIOWebSocket

/// Writes one page's queue straight into its socket's channel, on the channel's event loop and
/// with no task: what the queue holds when the loop comes to the page goes out as one message
/// (an update, or an array of them, or the full list), with one flush.
///
/// While the channel cannot take more (the page reads too slowly), nothing is written and the
/// updates stay in the page's queue, which falls back to the full list past its limit; the
/// writer looks again a few milliseconds later, for as long as the connection is open.
final class PageWriter: @unchecked Sendable {
    // Sendable: `sent` is read and written only in `drain()`, which checks that it runs on the
    // channel's event loop (in debug builds, as SwiftNIO's own confinement checks do).
    private let page: PageQueue
    private let hub: PageHub
    private let channel: any Channel
    private let finished: AsyncStream<Void>.Continuation
    private var sent: UInt64

    /// How long to wait before looking again at a channel that could take no more.
    static let retryDelay = TimeAmount.milliseconds(5)

    /// A writer of `page` to `channel`, for a page that holds generation `start`; `finished`
    /// ends when the queue closes.
    init(page: PageQueue, hub: PageHub, channel: any Channel, from start: UInt64, finished: AsyncStream<Void>.Continuation) {
        self.page = page
        self.hub = hub
        self.channel = channel
        self.finished = finished
        sent = start
    }

    /// Writes what is queued now, and whenever more comes.
    func start() {
        channel.eventLoop.execute { self.drain() }
    }

    private func drain() {
        channel.eventLoop.assertInEventLoop()
        var wrote = false
        defer { if wrote { channel.flush() } }
        while true {
            guard channel.isActive else {
                finished.finish()
                return
            }
            guard channel.isWritable else {
                channel.eventLoop.scheduleTask(in: Self.retryDelay) { self.drain() }
                return
            }
            guard let next = page.poll(orCallWhenReady: { self.channel.eventLoop.execute { self.drain() } }) else { return }
            switch next {
            case .closed:
                finished.finish()
                return
            case .fullList:
                let full = hub.fullList()
                write(full.bytes)
                sent = full.generation
                wrote = true
            case .updates(let updates):
                let unsent = updates.drop { $0.generation <= sent }
                guard let last = unsent.last else { continue }
                guard unsent.first?.generation == sent + 1, last.generation == sent + UInt64(unsent.count) else {
                    page.requestFullList()
                    continue
                }
                write(PageUpdate.message(carrying: unsent))
                sent = last.generation
                wrote = true
            }
        }
    }

    /// Writes `message` as one text message, in frames of at most
    /// ``WebListServer/maxFrameSize`` bytes, without copying it.
    private func write(_ message: ByteBuffer) {
        var rest = message
        var opcode = WebSocketOpcode.text
        while rest.readableBytes > WebListServer.maxFrameSize, let part = rest.readSlice(length: WebListServer.maxFrameSize) {
            channel.write(WebSocketFrame(fin: false, opcode: opcode, data: part), promise: nil)
            opcode = .continuation
        }
        channel.write(WebSocketFrame(fin: true, opcode: opcode, data: rest), promise: nil)
    }
}
