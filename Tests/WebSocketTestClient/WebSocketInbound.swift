import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket

/// The server-to-client direction of a ``WebSocketClient`` connection: its text messages in the
/// order they arrive, each put together from its fragments. Pings are answered and binary
/// messages skipped on the way; the sequence ends at the server's close frame, which is answered
/// and kept for ``WebSocketClient/connect(url:headers:maxFrameSize:handler:)`` to return.
///
/// Frames are read only as the sequence is iterated, so a client that stops iterating leaves the
/// server's messages waiting in the network buffers.
package struct WebSocketInbound: AsyncSequence, Sendable {
    package typealias Element = String

    let frames: NIOAsyncChannelInboundStream<WebSocketFrame>
    let outbound: WebSocketOutbound
    let closeFrame: NIOLockedValueBox<WebSocketCloseFrame?>

    /// An iterator over the text messages.
    package func makeAsyncIterator() -> WebSocketInboundIterator {
        WebSocketInboundIterator(frames: frames.makeAsyncIterator(), outbound: outbound, closeFrame: closeFrame)
    }
}
