import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of a list server's routes: Hummingbird's WebSocket context, with the
/// event loop of the request's connection, on which a page's WebSocket is served.
struct PageRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The event loop of the connection the request came on.
    let eventLoop: any EventLoop

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        eventLoop = source.channel.eventLoop
    }
}
