import DiffableSupport
import Testing
@testable import WebLists

@Suite struct BackPressureTests {
    @Test func aPageThatCannotKeepUpIsSentTheFullListAndSlowsNoOtherPage() async throws {
        let big = String(repeating: "x", count: 64 * 1_024)
        let list = TestList(pageQueueLimit: 4) { WebCell("item \($0)", big) }
        try await list.dataSource.apply(TestList.snapshot([[0]]))
        let server = try await TestServer.serving(list.view)
        let slow = PageClient(port: server.port, startsReading: false)
        let fast = PageClient(port: server.port)
        var fastModel = PageModel()
        _ = try await fast.follow(&fastModel, to: 1)
        try await waitUntil { list.view.connectedPages == 2 }

        // The applies never wait for a page: all 300 end while the slow page reads nothing.
        var applied: [Int] = [0]
        for step in 1...300 {
            applied.append(step)
            try await list.dataSource.apply(TestList.snapshot([applied.suffix(3)]))
            if step.isMultiple(of: 10) { try await Task.sleep(for: .milliseconds(5)) } else { await Task.yield() }
        }
        #expect(list.view.generation == 301)
        let fastKinds = try await fast.follow(&fastModel, to: list.view.generation)
        #expect(fastKinds.filter { $0 == "u" }.count > fastKinds.count / 2, "the page that reads was sent mostly updates")

        slow.startReading()
        var slowModel = PageModel()
        let slowKinds = try await slow.follow(&slowModel, to: list.view.generation)
        #expect(slowKinds.dropFirst().contains("full"), "the slow page was sent \(slowKinds.count) messages, none a full list")
        #expect(slowKinds.count < 300)
        #expect(list.view.hub.fullListsForLag >= 1)
        #expect(slowModel.sections == fastModel.sections)
        slow.close()
        fast.close()
        await server.stop()
    }
}

/// Waits, 60 seconds at most (a loaded machine), until `condition` holds.
func waitUntil(_ condition: @Sendable () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        guard ContinuousClock.now < deadline else { throw PageModel.Failure(description: "a condition did not hold within 60 seconds") }
        try await Task.sleep(for: .milliseconds(5))
    }
}
