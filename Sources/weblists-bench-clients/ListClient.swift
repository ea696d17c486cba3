import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// One client of the list's WebSocket on 127.0.0.1, read by a ``FrameReader`` on its event loop
/// (no task per client).
enum ListClient {
    /// Connects to `path` on 127.0.0.1:`port` and upgrades to WebSocket: `true` once the
    /// connection reads frames into `log`, `false` when the server declined the upgrade.
    static func connect(port: Int, path: String, log: ReceiveLog, group: any EventLoopGroup) async throws -> Bool {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "127.0.0.1:\(port)")
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
        let upgraded: EventLoopFuture<Bool> = try await ClientBootstrap(group: group)
            .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Bool>(maxFrameSize: 1 << 24) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(FrameReader(log: log))
                            return true
                        }
                    }
                    let upgrade = NIOTypedHTTPClientUpgradeConfiguration<Bool>(
                        upgradeRequestHead: head,
                        upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in channel.close().map { false } }
                    )
                    var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgrade)
                    // The server's first frames may arrive in the same read as its switch to WebSocket.
                    pipeline.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
                }
            }
        return try await upgraded.get()
    }
}
