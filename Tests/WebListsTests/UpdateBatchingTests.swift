import Testing
@testable import WebLists

@Suite struct UpdateBatchingTests {
    @Test func oneQueuedUpdateIsSentAsItself() {
        let update = PageUpdate(generation: 2, text: #"{"t":"u","g":2}"#)
        #expect(String(buffer: PageUpdate.message(carrying: [update])) == update.text)
    }

    @Test func updatesAPageIsBehindOnGoOutAsOneArrayInGenerationOrder() {
        let updates = (2...4).map { PageUpdate(generation: UInt64($0), text: #"{"t":"u","g":\#($0)}"#) }
        #expect(String(buffer: PageUpdate.message(carrying: updates)) == #"[{"t":"u","g":2},{"t":"u","g":3},{"t":"u","g":4}]"#)
    }

    @Test func aPageAppliesAnArrayOfUpdatesAsTheUpdatesOneByOne() async throws {
        let list = TestList()
        try await list.dataSource.apply(TestList.snapshot([[0]]))
        var one = PageModel()
        try one.apply(list.view.hub.fullList().text)
        var batched = one
        var updates: [PageUpdate] = []
        for step in 1...3 {
            try await list.dataSource.apply(TestList.snapshot([Array(0...step)]))
            let update = try #require(list.view.hub.lastUpdate)
            updates.append(update)
            try one.apply(update.text)
        }
        let kinds = try batched.apply(String(buffer: PageUpdate.message(carrying: updates)))
        #expect(kinds == ["u", "u", "u"])
        #expect(batched == one)
        #expect(batched.generation == 4)
        #expect(batched.fields == [(0...3).map { ["item \($0)"] }])
    }
}
