import NIOWebSocket
import Testing
import WebLists
import WebSocketTestClient

@Suite struct PageLimitsTests {
    /// A list at generation 1 served on a free port, and a page that follows it.
    private func servedList(configure: (inout WebListServer.Configuration) -> Void = { _ in }) async throws -> (TestList, TestServer, PageClient, PageModel) {
        let list = TestList()
        try await list.dataSource.apply(TestList.snapshot([[1]]))
        let server = try await TestServer.serving(list.view, configure: configure)
        let bystander = PageClient(port: server.port)
        var model = PageModel()
        _ = try await bystander.follow(&model, to: 1)
        return (list, server, bystander, model)
    }

    /// Checks that `page` was closed with `code` and that `bystander` still receives updates.
    private func expectClosed(_ page: PageClient, with code: WebSocketErrorCode, while list: TestList, keeps bystander: PageClient, _ model: inout PageModel) async throws {
        let ending = await page.ending()
        switch ending {
        case .success(let frame?)?: #expect(frame.closeCode == code)
        default: Issue.record("the page's connection did not end with a close frame: \(String(describing: ending))")
        }
        try await list.dataSource.apply(TestList.snapshot([[1, 2]]))
        _ = try await bystander.follow(&model, to: 2)
        #expect(model.fields == [[["item 1"], ["item 2"]]])
    }

    @Test func aWebSocketFromAnotherSitesPageIsRefused() async throws {
        let (_, server, bystander, _) = try await servedList()
        let foreign = PageClient(port: server.port, origin: "http://evil.example")
        let ending = await foreign.ending()
        guard case .failure? = ending else {
            Issue.record("a page of another origin connected: \(String(describing: ending))")
            return
        }
        let own = PageClient(port: server.port, origin: "http://127.0.0.1:\(server.port)")
        var model = PageModel()
        _ = try await own.follow(&model, to: 1)
        #expect(model.fields == [[["item 1"]]])
        for page in [own, bystander] { page.close() }
        await server.stop()
    }

    @Test func anOriginTheConfigurationAllowsMayConnect() async throws {
        let (_, server, bystander, _) = try await servedList { $0.allowedOrigins = ["https://scores.example"] }
        let allowed = PageClient(port: server.port, origin: "https://scores.example")
        var model = PageModel()
        _ = try await allowed.follow(&model, to: 1)
        #expect(model.generation == 1)
        for page in [allowed, bystander] { page.close() }
        await server.stop()
    }

    @Test func anOversizedMessageClosesThatPageOnly() async throws {
        var (list, server, bystander, model) = try await servedList { $0.maxMessageBytes = 1_024 }
        let page = PageClient(port: server.port)
        _ = await page.next()
        page.send(String(repeating: "x", count: 8_000))
        try await expectClosed(page, with: .messageTooLarge, while: list, keeps: bystander, &model)
        bystander.close()
        await server.stop()
    }

    @Test func aMalformedMessageClosesThatPageOnly() async throws {
        var (list, server, bystander, model) = try await servedList()
        let page = PageClient(port: server.port)
        _ = await page.next()
        page.send("{\"t\":\"drop table\"")
        try await expectClosed(page, with: .unacceptableData, while: list, keeps: bystander, &model)
        bystander.close()
        await server.stop()
    }

    @Test func aPageThatSendsTooFastIsClosed() async throws {
        var (list, server, bystander, model) = try await servedList { $0.maxMessagesPerSecond = 5 }
        let page = PageClient(port: server.port)
        _ = await page.next()
        for _ in 0..<20 { page.send(#"{"t":"resync"}"#) }
        try await expectClosed(page, with: .policyViolation, while: list, keeps: bystander, &model)
        bystander.close()
        await server.stop()
    }
}
