import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A WebSocket client for plain `ws://` URLs, enough to play a page or a benchmark's client
/// against a local server: text messages both ways, the server's close frame, and closing.
package enum WebSocketClient {
    /// Connects to `url`, runs `handler` with the connection's two directions, then closes the
    /// connection.
    ///
    /// - Parameters:
    ///   - url: A `ws://host:port/path?query` URL.
    ///   - headers: Request headers to send with the upgrade request besides `Host` and the
    ///     WebSocket ones (an `Origin`, say).
    ///   - maxFrameSize: The largest frame accepted from the server, in bytes.
    ///   - handler: Reads and writes messages; the connection closes when it returns.
    /// - Returns: The close frame the server sent, or `nil` if it sent none.
    /// - Throws: ``WebSocketClientError`` when the URL is not a `ws://` URL or the server declines
    ///   the upgrade, or what connecting or `handler` throws.
    @discardableResult
    package static func connect(
        url: String,
        headers: [(name: String, value: String)] = [],
        maxFrameSize: Int = 1 << 26,
        handler: @Sendable (WebSocketInbound, WebSocketOutbound) async throws -> Void
    ) async throws -> WebSocketCloseFrame? {
        guard let components = URLComponents(string: url), components.scheme == "ws", let host = components.host else {
            throw WebSocketClientError.invalidURL(url)
        }
        let port = components.port ?? 80
        var uri = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { uri += "?" + query }
        var requestHeaders = HTTPHeaders()
        requestHeaders.add(name: "Host", value: "\(host):\(port)")
        for header in headers { requestHeaders.add(name: header.name, value: header.value) }
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: uri, headers: requestHeaders)

        let negotiation: EventLoopFuture<WebSocketUpgrade> = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<WebSocketUpgrade>(maxFrameSize: maxFrameSize) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            .upgraded(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel))
                        }
                    }
                    let upgrade = NIOTypedHTTPClientUpgradeConfiguration<WebSocketUpgrade>(
                        upgradeRequestHead: head,
                        upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in
                            channel.close().map { WebSocketUpgrade.declined }
                        }
                    )
                    var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgrade)
                    // The server's first frames may arrive in the same read as its switch to WebSocket.
                    pipeline.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
                }
            }
        guard case .upgraded(let channel) = try await negotiation.get() else {
            throw WebSocketClientError.upgradeDeclined
        }
        let closeFrame = NIOLockedValueBox<WebSocketCloseFrame?>(nil)
        try await channel.executeThenClose { frames, writer in
            let outbound = WebSocketOutbound(writer: writer)
            try await handler(WebSocketInbound(frames: frames, outbound: outbound, closeFrame: closeFrame), outbound)
            try? await outbound.close()
        }
        return closeFrame.withLockedValue { $0 }
    }
}
