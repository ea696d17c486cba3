import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOPosix

/// Serves lists to web browsers: for each ``WebListView``, a page, its script and stylesheet,
/// and one WebSocket per page open.
///
/// ```swift
/// var server = WebListServer(configuration: .init(port: 8080))
/// server.serve(scores, at: "/", title: "Scores")
/// server.serve(standings, at: "/standings", title: "Standings")
/// try await server.run()  // until the task is cancelled
/// ```
///
/// The page is plain HTML with a small script and stylesheet, served from the package's
/// resources: nothing is built and the page fetches nothing from elsewhere. It keeps one element
/// per item, applies each batch update with its moves, inserts, deletes and reconfigures
/// animated, checks that generations follow one another (and asks for the full list on a gap),
/// reconnects with back-off after the connection drops, and shows the connection's state.
///
/// The server binds the loopback address unless ``Configuration/host`` says otherwise, refuses
/// WebSockets from other sites' pages (``Configuration/allowedOrigins``), and closes the
/// connection of a page that sends a message too large, too many messages or a malformed one.
///
/// ## Topics
///
/// ### Serving lists
/// - ``init(configuration:)``
/// - ``serve(_:at:title:)``
/// - ``run(onReady:)``
/// - ``Configuration``
/// - ``WebListServerError``
public struct WebListServer: Sendable {
    /// Where the server listens and what pages may do.
    public let configuration: Configuration
    private var lists: [ServedList] = []

    var listsServed: [ServedList] { lists }

    /// A server of no list yet.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Serves `view` at `path`: its page at `path` and its WebSocket at `path/socket`.
    ///
    /// - Parameters:
    ///   - view: The list to serve; it may be served by several servers.
    ///   - path: Where the page is, such as `/` or `/scores`.
    ///   - title: The page's title, shown as text.
    public mutating func serve<Section, Item>(_ view: WebListView<Section, Item>, at path: String, title: String) {
        lists.append(ServedList(path: ServedList.normalised(path), title: title, hub: view.hub))
    }

    /// Runs the server until the task is cancelled; then closes every page's connection.
    ///
    /// - Parameter onReady: Called once the server listens, with its port (the one the system
    ///   chose when the configuration's port is 0).
    /// - Throws: ``WebListServerError`` when a resource is missing or two lists share a path;
    ///   the server's error when it cannot bind its address.
    public func run(onReady: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        if let path = duplicatePath() { throw WebListServerError.duplicatePath(path) }
        let document = try PageDocument.load()
        var logger = Logger(label: "WebLists")
        logger.logLevel = .critical
        let rounds = PageRounds()
        let ownGroup = configuration.eventLoopThreads.map { MultiThreadedEventLoopGroup(numberOfThreads: max(1, $0)) }
        let application = Application(
            router: makeRouter(document: document, rounds: rounds),
            server: .http1WebSocketUpgrade(
                webSocketRouter: makeRouter(document: document, rounds: rounds),
                configuration: .init(http1: .init(), ws: .init(maxFrameSize: Self.maxFrameSize))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in await onReady(channel.localAddress?.port ?? configuration.port) },
            eventLoopGroupProvider: ownGroup.map { .shared($0) } ?? .singleton,
            logger: logger
        )
        let hubs = lists.map(\.hub)
        do {
            try await withTaskCancellationHandler {
                try await application.run()
            } onCancel: {
                hubs.forEach { $0.closeAll() }
            }
        } catch {
            try? await ownGroup?.shutdownGracefully()
            throw error
        }
        try? await ownGroup?.shutdownGracefully()
    }

    /// The largest WebSocket frame either side sends: full lists go out in one frame, and a
    /// page's frame is buffered whole before its message is measured against
    /// ``Configuration/maxMessageBytes``.
    static let maxFrameSize = 1 << 20

    private func duplicatePath() -> String? {
        var seen: Set<String> = []
        return lists.first { !seen.insert($0.path).inserted }?.path
    }
}
