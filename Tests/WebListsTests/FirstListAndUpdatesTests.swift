import DiffableSupport
import ListDataSourcesTesting
import TestSupport
import Testing
@testable import WebLists

@Suite struct FirstListAndUpdatesTests {
    @Test func aPageFirstReceivesTheFullListWithItsGeneration() async throws {
        let list = TestList()
        try await list.dataSource.apply(TestList.snapshot([[1, 2], [3]]))
        let server = try await TestServer.serving(list.view)
        let page = PageClient(port: server.port)
        var model = PageModel()
        let kinds = try await page.follow(&model, to: 1)
        #expect(kinds == ["full"])
        #expect(model.fields == [[["item 1"], ["item 2"]], [["item 3"]]])
        #expect(model.sections.map { $0.header["f"] as? [String] } == [["s0"], ["s1"]])
        page.close()
        await server.stop()
    }

    @Test func aServerOnThreadsOfItsOwnServesPagesTheirListAndUpdates() async throws {
        let list = TestList()
        try await list.dataSource.apply(TestList.snapshot([[1]]))
        let server = try await TestServer.serving(list.view) { $0.eventLoopThreads = 1 }
        let pages = [PageClient(port: server.port), PageClient(port: server.port)]
        var models = [PageModel(), PageModel()]
        for index in pages.indices { _ = try await pages[index].follow(&models[index], to: 1) }
        try await list.dataSource.apply(TestList.snapshot([[1, 2]]))
        for index in pages.indices {
            #expect(try await pages[index].follow(&models[index], to: 2) == ["u"])
            #expect(models[index].fields == [[["item 1"], ["item 2"]]])
            pages[index].close()
        }
        await server.stop()
    }

    @Test func everyApplyReachesThePageAsOneUpdateInGenerationOrder() async throws {
        for seed in TestEnvironment.seeds("WEBLISTS_SEED", default: [1, 2, 3]) {
            let list = TestList()
            var edits = RandomSnapshotEdits<String, Int>(seed: seed, section: { "s\($0)" }, item: { $0 })
            var snapshot = edits.start()
            try await list.dataSource.apply(snapshot)
            let server = try await TestServer.serving(list.view)
            let page = PageClient(port: server.port)
            var model = PageModel()
            _ = try await page.follow(&model, to: 1)
            for _ in 0..<60 {
                snapshot = edits.edited(snapshot)
                try await list.dataSource.apply(snapshot)
            }
            let kinds = try await page.follow(&model, to: list.view.generation)
            var fresh = PageModel()
            try fresh.apply(list.view.hub.fullList().text)
            let replay = "seed \(TestEnvironment.describe(seed: seed)) (WEBLISTS_SEED replays it)"
            #expect(kinds == Array(repeating: "u", count: 60), "\(replay)")
            #expect(model.sections == fresh.sections, "\(replay)")
            #expect(model.fields == TestList.fields(of: snapshot), "\(replay)")
            page.close()
            await server.stop()
        }
    }

    @Test func reloadedAndReconfiguredRowsReachThePageWithTheirNewCells() async throws {
        let texts = Locked<[Int: String]>([1: "one", 2: "two", 3: "three"])
        let list = TestList { WebCell(texts.value[$0] ?? "?") }
        var snapshot = TestList.snapshot([[1, 2, 3]])
        try await list.dataSource.apply(snapshot)
        let server = try await TestServer.serving(list.view)
        let page = PageClient(port: server.port)
        var model = PageModel()
        _ = try await page.follow(&model, to: 1)
        texts.withLock { $0[1] = "ONE"; $0[3] = "THREE" }
        snapshot.reloadItems([1])
        snapshot.reconfigureItems([3])
        try await list.dataSource.apply(snapshot)
        _ = try await page.follow(&model, to: 2)
        #expect(model.fields == [[["ONE"], ["two"], ["THREE"]]])
        page.close()
        await server.stop()
    }

    @Test func aFullListLargerThanOneFrameReachesThePageWhole() async throws {
        let big = String(repeating: "y", count: 64 * 1_024)
        let list = TestList { WebCell("item \($0)", big) }
        try await list.dataSource.apply(TestList.snapshot([Array(0..<20)]))
        #expect(list.view.fullListBytes > WebListServer.maxFrameSize)
        let server = try await TestServer.serving(list.view)
        let page = PageClient(port: server.port)
        var model = PageModel()
        let kinds = try await page.follow(&model, to: 1)
        #expect(kinds == ["full"])
        #expect(model.fields == [(0..<20).map { ["item \($0)", big] }])
        page.close()
        await server.stop()
    }
}
