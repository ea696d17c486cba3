import NIOConcurrencyHelpers
import NIOCore
package import NIOWebSocket

/// The client-to-server direction of a ``WebSocketClient`` connection. Every frame is masked, as a
/// client's must be.
package struct WebSocketOutbound: Sendable {
    private let writer: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    private let closeSent = NIOLockedValueBox(false)

    init(writer: NIOAsyncChannelOutboundWriter<WebSocketFrame>) {
        self.writer = writer
    }

    /// Sends `text` as one text frame, whatever its length.
    package func send(_ text: String) async throws {
        try await write(.text, ByteBuffer(string: text))
    }

    /// Answers a ping carrying `data`.
    func pong(_ data: ByteBuffer) async throws {
        try await write(.pong, data)
    }

    /// Sends a close frame with `code`, unless one was sent already.
    package func close(_ code: WebSocketErrorCode = .normalClosure) async throws {
        let first = closeSent.withLockedValue { sent in
            defer { sent = true }
            return !sent
        }
        guard first else { return }
        var data = ByteBuffer()
        data.write(webSocketErrorCode: code)
        try await write(.connectionClose, data)
    }

    private func write(_ opcode: WebSocketOpcode, _ data: ByteBuffer) async throws {
        try await writer.write(WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data))
    }
}
