import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

/// One page's WebSocket: what it needs first (the updates it missed or the full list), then
/// every update, while the messages it sends are read and checked.
///
/// The connection ends when the page leaves, when the server stops, or when the page breaks a
/// limit (a message too large, too many messages, a malformed one): then it is closed with a
/// status that says which, and no other page is affected.
struct PageConnection: Sendable {
    let hub: PageHub
    let limits: WebListServer.Configuration

    /// Serves the page until its connection ends, on `eventLoop`, the loop of its socket: each
    /// write reaches the socket as it is made, and what comes while the loop is busy with other
    /// pages waits in the page's queue, to be written with one write.
    func serve(
        resumingFrom resumePoint: ResumePoint?, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, on eventLoop: any EventLoop
    ) async throws {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            try await withTaskExecutorPreference(EventLoopTaskExecutor(eventLoop)) {
                try await serve(resumingFrom: resumePoint, inbound: inbound, outbound: outbound)
            }
        } else {
            try await serve(resumingFrom: resumePoint, inbound: inbound, outbound: outbound)
        }
    }

    /// Serves the page until its connection ends.
    private func serve(resumingFrom resumePoint: ResumePoint?, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let page = hub.connect(resumingFrom: resumePoint)
        defer { hub.disconnect(page) }
        let start = resumePoint?.epoch == hub.epoch ? resumePoint?.generation ?? 0 : 0
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await write(page, from: start, to: outbound) }
            group.addTask { try await read(inbound, page: page, replyingOn: outbound) }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Writes what the page's queue holds, in generation order, skipping what the page already
    /// has; a gap (which the queue never makes) is answered with the full list.
    ///
    /// Each wake writes once: the updates queued since the last write go out as one message
    /// (one update alone, or several in an array), so a page that the applies outpace costs one
    /// write and one flush per turn, however many updates it is behind.
    private func write(_ page: PageQueue, from start: UInt64, to outbound: WebSocketOutboundWriter) async throws {
        var sent = start
        while true {
            switch await page.next() {
            case .closed:
                return
            case .fullList:
                let full = hub.fullList()
                try await Self.write(full.bytes, to: outbound)
                sent = full.generation
            case .updates(let updates):
                let unsent = updates.drop { $0.generation <= sent }
                guard let last = unsent.last else { continue }
                guard unsent.first?.generation == sent + 1, last.generation == sent + UInt64(unsent.count) else {
                    page.requestFullList()
                    continue
                }
                try await Self.write(PageUpdate.message(carrying: unsent), to: outbound)
                sent = last.generation
            }
        }
    }

    /// Writes `message` as one text message, in frames of at most
    /// ``WebListServer/maxFrameSize`` bytes, without copying it.
    private static func write(_ message: ByteBuffer, to outbound: WebSocketOutboundWriter) async throws {
        var rest = message
        var opcode = WebSocketOpcode.text
        while rest.readableBytes > WebListServer.maxFrameSize, let part = rest.readSlice(length: WebListServer.maxFrameSize) {
            try await outbound.write(.custom(WebSocketFrame(fin: false, opcode: opcode, data: part)))
            opcode = .continuation
        }
        try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: opcode, data: rest)))
    }

    /// Reads the page's messages until it leaves or breaks a limit.
    private func read(_ inbound: WebSocketInboundStream, page: PageQueue, replyingOn outbound: WebSocketOutboundWriter) async throws {
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
