import NIOCore
import NIOWebSocket

/// How the upgrade request of ``WebSocketClient`` ended.
enum WebSocketUpgrade: Sendable {
    case upgraded(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
    case declined
}
