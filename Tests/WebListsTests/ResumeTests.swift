import Testing
@testable import WebLists

@Suite struct ResumeTests {
    /// Shows a list to a page, closes the page, applies `missed` more snapshots, and returns the
    /// resume query of the page with the list and server.
    private func pageLeavesAndMisses(_ missed: Int, keptUpdates: Int = 512) async throws -> (TestList, TestServer, PageModel) {
        let list = TestList(keptUpdates: keptUpdates)
        try await list.dataSource.apply(TestList.snapshot([[0]]))
        let server = try await TestServer.serving(list.view)
        let first = PageClient(port: server.port)
        var model = PageModel()
        _ = try await first.follow(&model, to: 1)
        first.close()
        _ = await first.ending()
        for step in 1...missed {
            try await list.dataSource.apply(TestList.snapshot([Array(0...step)]))
        }
        return (list, server, model)
    }

    @Test func aPageThatComesBackWithinTheWindowReceivesOnlyTheUpdatesItMissed() async throws {
        var (list, server, model) = try await pageLeavesAndMisses(5)
        let page = PageClient(port: server.port, query: "epoch=\(model.epoch ?? "")&g=\(model.generation ?? 0)")
        let kinds = try await page.follow(&model, to: list.view.generation)
        #expect(kinds == ["u", "u", "u", "u", "u"])
        #expect(model.fields == [(0...5).map { ["item \($0)"] }])
        page.close()
        await server.stop()
    }

    @Test func aPageThatComesBackPastTheWindowReceivesTheFullList() async throws {
        var (list, server, model) = try await pageLeavesAndMisses(10, keptUpdates: 3)
        let page = PageClient(port: server.port, query: "epoch=\(model.epoch ?? "")&g=\(model.generation ?? 0)")
        let kinds = try await page.follow(&model, to: list.view.generation)
        #expect(kinds == ["full"])
        #expect(model.fields == [(0...10).map { ["item \($0)"] }])
        page.close()
        await server.stop()
    }

    @Test func aPageFromAnotherRunOfTheServerReceivesTheFullList() async throws {
        var (list, server, model) = try await pageLeavesAndMisses(2)
        let page = PageClient(port: server.port, query: "epoch=another-run&g=\(model.generation ?? 0)")
        let kinds = try await page.follow(&model, to: list.view.generation)
        #expect(kinds == ["full"])
        page.close()
        await server.stop()
    }

    @Test func aPageThatAsksToResyncReceivesTheFullList() async throws {
        let list = TestList()
        try await list.dataSource.apply(TestList.snapshot([[1, 2]]))
        let server = try await TestServer.serving(list.view)
        let page = PageClient(port: server.port)
        var model = PageModel()
        _ = try await page.follow(&model, to: 1)
        page.send(#"{"t":"resync"}"#)
        let again = await page.next()
        #expect(again?.hasPrefix(#"{"t":"full""#) == true)
        page.close()
        await server.stop()
    }
}
