// Guards the examples of the WebLists module page, of the article "Lists in the browser" and of
// the README's section "Lists in the browser" (the article's first example):
// Sources/WebLists/Documentation.docc/WebLists.md and ListsInTheBrowser.md.
import DiffableSnapshots
import DiffableSupport
import ListDataSources
import Testing
@testable import WebLists

@Suite struct ListsInTheBrowserExampleTests {
    /// The article's "Serve a list" example, verbatim (the module page's is its first half);
    /// the test then reads what a page receives.
    @Test func serveAListExampleShowsThreeRowsOnAPage() async throws {
        let view = WebListView<String, Int>()
        let dataSource = DiffableDataSource(view: view) { _, _, id in
            WebCell("Match \(id)", "0:0")
        }
        var server = WebListServer(configuration: .init(port: 0))
        server.serve(view, at: "/", title: "Scores")
        let ports = Locked<Int?>(nil)
        let serving = Task { try await server.run { port in ports.withLock { $0 = port } } }

        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Live"])
        snapshot.appendItems([1, 2, 3])
        try await dataSource.apply(snapshot)  // every page shows three rows

        try await waitUntil { ports.value != nil }
        let page = PageClient(port: ports.value ?? 0)
        var model = PageModel()
        _ = try await page.follow(&model, to: 1)
        #expect(model.fields == [[["Match 1", "0:0"], ["Match 2", "0:0"], ["Match 3", "0:0"]]])
        page.close()
        serving.cancel()
        _ = await serving.result
    }

    /// The article's messages, exactly: the full list of three matches, the score of match 2
    /// changing, and two more changes pending for a page, in one message.
    @Test func theArticlesMessagesAreWhatAPageReceives() async throws {
        let scores = Locked<[Int: String]>([:])
        let view = WebListView<String, Int>()
        let dataSource = DiffableDataSource(view: view) { _, _, id in
            WebCell("Match \(id)", scores.withLock { $0[id] ?? "0:0" })
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Live"])
        snapshot.appendItems([1, 2, 3])
        try await dataSource.apply(snapshot)
        let full = view.hub.fullList().text.replacingOccurrences(of: view.hub.epoch, with: "3k2j9x")
        #expect(full == #"{"t":"full","epoch":"3k2j9x","g":1,"sections":[[1,{"f":["Live"]},[[2,{"f":["Match 1","0:0"]}],[3,{"f":["Match 2","0:0"]}],[4,{"f":["Match 3","0:0"]}]]]]}"#)
        scores.withLock { $0[2] = "1:0" }
        snapshot.reconfigureItems([2])
        try await dataSource.apply(snapshot)
        #expect(view.hub.lastUpdate?.text == #"{"t":"u","g":2,"c":[[0,1,{"f":["Match 2","1:0"]}]]}"#)

        var pending: [PageUpdate] = []
        for (id, score) in [(2, "2:0"), (1, "0:1")] {
            scores.withLock { $0[id] = score }
            var next = DiffableDataSourceSnapshot<String, Int>()
            next.appendSections(["Live"])
            next.appendItems([1, 2, 3])
            next.reconfigureItems([id])
            try await dataSource.apply(next)
            pending += [try #require(view.hub.lastUpdate)]
        }
        #expect(String(buffer: PageUpdate.message(carrying: pending)) == #"[{"t":"u","g":3,"c":[[0,1,{"f":["Match 2","2:0"]}]]},{"t":"u","g":4,"c":[[0,0,{"f":["Match 1","0:1"]}]]}]"#)
    }
}
