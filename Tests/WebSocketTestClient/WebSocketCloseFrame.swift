package import NIOWebSocket

/// The close frame a server ended a connection with.
package struct WebSocketCloseFrame: Sendable, Equatable {
    /// The status code, or `.unknown(1005)` when the frame carried none.
    package var closeCode: WebSocketErrorCode
    /// The reason the server gave, if any.
    package var reason: String?
}
