import Testing
@testable import WebLists

@Suite struct HeadRequestTests {
    @Test(arguments: ["/", "/_weblists/list.js", "/_weblists/list.css"])
    func aHeadRequestIsAnsweredLikeGetWithoutABody(path: String) async throws {
        let list = TestList()
        try await list.dataSource.apply(TestList.snapshot([[1]]))
        let server = try await TestServer.serving(list.view)
        let get = try await HTTPExchange.send("GET", path, port: server.port)
        let head = try await HTTPExchange.send("HEAD", path, port: server.port)
        await server.stop()

        #expect(get.status == 200)
        #expect(head.status == 200)
        #expect(head.headers["content-type"] == get.headers["content-type"])
        #expect(head.headers["content-security-policy"] == get.headers["content-security-policy"])
        #expect(head.headers["content-length"] == String(get.body.count))
        #expect(!get.body.isEmpty)
        #expect(head.body.isEmpty)
    }
}
