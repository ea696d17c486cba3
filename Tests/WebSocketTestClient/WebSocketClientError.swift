/// Why ``WebSocketClient`` could not open a connection.
package enum WebSocketClientError: Error, Equatable {
    /// The URL is not a `ws://` URL with a host.
    case invalidURL(String)
    /// The server answered the upgrade request with something other than a switch to WebSocket.
    case upgradeDeclined
}
