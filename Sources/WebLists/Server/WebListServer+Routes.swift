import Hummingbird
import HummingbirdWebSocket
import HTTPTypes

extension WebListServer {
    /// The routes of every list (its page and its WebSocket, whose pages are written in
    /// `rounds`) and of the shared script and stylesheet; the page, script and stylesheet answer
    /// `HEAD` too.
    func makeRouter(document: PageDocument, rounds: PageRounds) -> Router<PageRequestContext> {
        let router = Router(context: PageRequestContext.self)
        Self.serve(document.script, type: "text/javascript; charset=utf-8", at: "\(PageDocument.assetPath)/list.js", on: router)
        Self.serve(document.stylesheet, type: "text/css; charset=utf-8", at: "\(PageDocument.assetPath)/list.css", on: router)
        let policy = OriginPolicy(allowedOrigins: configuration.allowedOrigins)
        for list in listsServed {
            Self.serve(document.page(for: list), type: "text/html; charset=utf-8", at: list.path.isEmpty ? "/" : list.path, on: router)
            let connection = PageConnection(hub: list.hub, limits: configuration, rounds: rounds)
            router.ws(RouterPath(list.socketPath)) { request, _ in
                guard policy.allows(origins: request.headers[values: .origin], host: request.head.authority) else {
                    throw HTTPError(.forbidden, message: "This page's origin may not open the list's WebSocket.")
                }
                return .upgrade([:])
            } onUpgrade: { inbound, outbound, context in
                try await connection.serve(
                    resumingFrom: Self.resumePoint(of: context.request), inbound: inbound, outbound: outbound,
                    into: context.requestContext.channel)
            }
        }
        return router
    }

    /// Where a page that comes back stands, from the query of its WebSocket request
    /// (`?epoch=…&g=…`).
    static func resumePoint(of request: Request) -> ResumePoint? {
        let query = request.uri.queryParameters
        guard let epoch = query["epoch"], let generation = query["g"].flatMap({ UInt64($0) }) else { return nil }
        return ResumePoint(epoch: String(epoch), generation: generation)
    }

    /// Answers `GET` at `path` with `text`, and `HEAD` with the same status and headers
    /// (`Content-Length` included) and no body.
    private static func serve(_ text: String, type: String, at path: String, on router: Router<PageRequestContext>) {
        let body = ByteBuffer(string: text)
        router.get(RouterPath(path)) { _, _ in response(body, type: type) }
        router.head(RouterPath(path)) { _, _ in
            var head = response(ByteBuffer(), type: type)
            head.headers[.contentLength] = String(body.readableBytes)
            return head
        }
    }

    static func response(_ body: ByteBuffer, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-cache"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[HTTPField.Name("Content-Security-Policy")!] = "default-src 'self'; connect-src 'self'; style-src 'self'; script-src 'self'; img-src 'self'"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }
}
