import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket

/// Reads frames until a whole text message has arrived; see ``WebSocketInbound``.
package struct WebSocketInboundIterator: AsyncIteratorProtocol {
    private var frames: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator
    private let outbound: WebSocketOutbound
    private let closeFrame: NIOLockedValueBox<WebSocketCloseFrame?>

    init(
        frames: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator,
        outbound: WebSocketOutbound,
        closeFrame: NIOLockedValueBox<WebSocketCloseFrame?>
    ) {
        self.frames = frames
        self.outbound = outbound
        self.closeFrame = closeFrame
    }

    /// The next text message, or `nil` once the server closed the connection.
    package mutating func next() async throws -> String? {
        var message: ByteBuffer?
        var isText = false
        while let frame = try await frames.next() {
            switch frame.opcode {
            case .text, .binary:
                isText = frame.opcode == .text
                message = frame.unmaskedData
            case .continuation:
                var data = frame.unmaskedData
                message?.writeBuffer(&data)
            case .ping:
                try await outbound.pong(frame.unmaskedData)
                continue
            case .connectionClose:
                var data = frame.unmaskedData
                let code = data.readWebSocketErrorCode() ?? .unknown(1005)
                let reason = data.readableBytes > 0 ? String(buffer: data) : nil
                closeFrame.withLockedValue { $0 = WebSocketCloseFrame(closeCode: code, reason: reason) }
                try? await outbound.close(code)
                return nil
            default:
                continue
            }
            if frame.fin, let whole = message {
                message = nil
                if isText { return String(buffer: whole) }
            }
        }
        return nil
    }
}
