// Guards the examples in the documentation comments of WebLists: WebCell.swift,
// WebListView.swift, WebListServer.swift and WebListServer+Configuration.swift in
// Sources/WebLists.
import DiffableSnapshots
import ListDataSources
import Testing
import WebLists

@Suite struct DocCommentExampleTests {
    struct Match {
        var title: String
        var score: String
    }

    @Test func webCellExample() {
        let match = WebCell("Arsenal v Chelsea", "LIVE 2:1", style: "live", marks: ["slip"])
        let plain: WebCell = "Tennis"
        #expect(match.fields == ["Arsenal v Chelsea", "LIVE 2:1"] && match.style == "live" && match.marks == ["slip"])
        #expect(plain.fields == ["Tennis"] && plain.style.isEmpty && plain.marks.isEmpty)
    }

    @Test func webListViewExample() async throws {
        let matches = [1: Match(title: "Arsenal v Chelsea", score: "2:1")]
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Live"])
        snapshot.appendItems([1])

        let view = WebListView<String, Int>()
        let dataSource = DiffableDataSource(view: view) { _, _, id in
            WebCell(matches[id]!.title, matches[id]!.score)
        }
        var server = WebListServer()
        server.serve(view, at: "/scores", title: "Scores")
        try await dataSource.apply(snapshot)  // every page shows it

        #expect(view.generation == 1)
        #expect(view.snapshot.itemIdentifiers == [1])
    }

    @Test func webListServerExample() async throws {
        let scores = WebListView<String, Int>()
        let standings = WebListView<String, Int>()
        var server = WebListServer(configuration: .init(port: 0))
        server.serve(scores, at: "/", title: "Scores")
        server.serve(standings, at: "/standings", title: "Standings")
        let running = Task { try await server.run() }  // until the task is cancelled
        try await Task.sleep(for: .milliseconds(100))
        running.cancel()
        let ended = await running.result
        #expect((try? ended.get()) != nil, "the server did not stop cleanly when cancelled: \(ended)")
    }

    @Test func configurationExample() {
        var configuration = WebListServer.Configuration(port: 0)  // any free port
        configuration.allowedOrigins = ["https://scores.example"]
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.allowedOrigins == ["https://scores.example"])
    }

    @Test func twoListsAtOnePathAreRefusedWithAnErrorThatSaysWhatToDo() async {
        let view = WebListView<String, Int>()
        var server = WebListServer(configuration: .init(port: 0))
        server.serve(view, at: "/", title: "One")
        server.serve(view, at: "", title: "Two")
        await #expect(throws: WebListServerError.duplicatePath("")) { try await server.run() }
        #expect(WebListServerError.duplicatePath("").description.contains("give each list"))
    }
}
