import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of a list server's routes: Hummingbird's WebSocket context, with the
/// request's connection, into which a page's updates are written.
struct PageRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The connection the request came on; after a WebSocket upgrade, the WebSocket's.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}
