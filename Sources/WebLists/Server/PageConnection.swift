import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

/// One page's WebSocket: what it needs first (the updates it missed or the full list), then
/// every update, written by a ``PageWriter``, while the messages it sends are read and checked.
///
/// The connection ends when the page leaves, when the server stops, or when the page breaks a
/// limit (a message too large, too many messages, a malformed one): then it is closed with a
/// status that says which, and no other page is affected.
struct PageConnection: Sendable {
    let hub: PageHub
    let limits: WebListServer.Configuration
    /// The rounds in which the server's pages are written, one an event loop.
    let rounds: PageRounds

    /// Serves the page until its connection ends: a ``PageWriter`` writes it into `channel`, the
    /// WebSocket's, while this task reads what the page sends.
    func serve(
        resumingFrom resumePoint: ResumePoint?, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, into channel: any Channel
    ) async throws {
        let round = rounds.round(of: channel.eventLoop)
        let page = hub.connect(resumingFrom: resumePoint, wokenBy: round)
        defer { hub.disconnect(page) }
        let (finished, finishing) = AsyncStream<Void>.makeStream()
        PageWriter(page: page, hub: hub, channel: channel, round: round, finished: finishing).start()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { for await _ in finished {} }
            group.addTask { try await read(inbound, page: page, replyingOn: outbound) }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Reads the page's messages until it leaves or breaks a limit.
    private func read(_ inbound: WebSocketInboundStream, page: PageCursor, replyingOn outbound: WebSocketOutboundWriter) async throws {
        var rate = MessageRate(perSecond: limits.maxMessagesPerSecond)
        for try await message in inbound.messages(maxSize: limits.maxMessageBytes) {
            guard rate.admit() else {
                try await outbound.close(.policyViolation, reason: "more than \(limits.maxMessagesPerSecond) messages a second")
                return
            }
            guard message.byteCount <= limits.maxMessageBytes else {
                try await outbound.close(.messageTooLarge, reason: "a message larger than \(limits.maxMessageBytes) bytes")
                return
            }
            guard case .text(let text) = message, let request = PageRequest(text) else {
                try await outbound.close(.unacceptableData, reason: #"malformed message: expected {"t":"resync"}"#)
                return
            }
            switch request {
            case .resync: page.requestFullList()
            }
        }
    }
}

extension WebSocketMessage {
    /// The size of the message's data in bytes.
    fileprivate var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let buffer): buffer.readableBytes
        }
    }
}
