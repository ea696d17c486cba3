import TestSupport
import Testing
@testable import WebLists

@Suite struct WindowDeliveryTests {
    @Test func aPageWithinItsLimitTakesTheUpdatesItMissedFromTheWindowAsOneMessage() throws {
        let list = TestHub(pageQueueLimit: 4)
        list.publish()
        let page = list.connect(resuming: 1)
        list.publish(3)
        var messages = RoundMessages()
        let write = messages.write(toPageOf: list.hub, sentUpTo: try #require(page.start), askedForFullList: false)
        #expect(try write.messages() == [.updates(2...4)])
        #expect(write.sent == 4)
        #expect(messages.write(toPageOf: list.hub, sentUpTo: 4, askedForFullList: false).isEmpty)
    }

    @Test func aPageThatFallsPastItsLimitIsSentOneFullListInsteadOfTheUpdatesItMissed() throws {
        let list = TestHub(pageQueueLimit: 3)
        list.publish(10)
        var messages = RoundMessages()
        let write = messages.write(toPageOf: list.hub, sentUpTo: 6, askedForFullList: false)
        #expect(try write.messages() == [.fullList(10)])
        #expect(write.isFullListForLag)
        #expect(write.sent == 10)
        #expect(try messages.write(toPageOf: list.hub, sentUpTo: 7, askedForFullList: false).messages() == [.updates(8...10)])
    }

    @Test func afterAReloadAPageIsSentTheFullListNotUpdatesFromBeforeIt() throws {
        let list = TestHub()
        list.publish(2)
        list.reload()
        list.publish()
        var messages = RoundMessages()
        let write = messages.write(toPageOf: list.hub, sentUpTo: 2, askedForFullList: false)
        #expect(try write.messages() == [.fullList(4)])
        #expect(!write.isFullListForLag)
        #expect(try messages.write(toPageOf: list.hub, sentUpTo: 3, askedForFullList: false).messages() == [.updates(4...4)])
    }

    @Test func aPageThatAsksForTheFullListIsSentItThoughItHasEveryUpdate() throws {
        let list = TestHub()
        list.publish(3)
        var messages = RoundMessages()
        #expect(try messages.write(toPageOf: list.hub, sentUpTo: 3, askedForFullList: true).messages() == [.fullList(3)])
    }

    @Test func aPageFurtherBehindThanTheRoundsFirstIsServedFromTheWholeWindow() throws {
        let list = TestHub(pageQueueLimit: 8)
        list.publish(10)
        var messages = RoundMessages()
        #expect(try messages.write(toPageOf: list.hub, sentUpTo: 9, askedForFullList: false).messages() == [.updates(10...10)])
        #expect(try messages.write(toPageOf: list.hub, sentUpTo: 5, askedForFullList: false).messages() == [.updates(6...10)])
        #expect(try messages.write(toPageOf: list.hub, sentUpTo: 8, askedForFullList: false).messages() == [.updates(9...10)])
    }

    @Test func aPageWrittenLaterInARoundIsSentWhatWasPublishedSinceTheRoundBegan() throws {
        let list = TestHub()
        list.publish(2)
        var messages = RoundMessages()
        #expect(try messages.write(toPageOf: list.hub, sentUpTo: 1, askedForFullList: false).messages() == [.updates(2...2)])
        list.publish()
        #expect(try messages.write(toPageOf: list.hub, sentUpTo: 1, askedForFullList: false).messages() == [.updates(2...3)])
        #expect(try messages.write(toPageOf: list.hub, sentUpTo: 2, askedForFullList: false).messages() == [.updates(3...3)])
    }

    @Test func theWindowHandsOutAtMostThePageLimitOfUpdates() {
        let list = TestHub(keptUpdates: 3, pageQueueLimit: 5)
        list.publish(100)
        let window = list.hub.window(after: 0)
        #expect(window.updates.map(\.generation) == Array(96...100))
        #expect(window.generation == 100)
    }

    @Test func aPageThatComesBackWithinTheKeptUpdatesHoldsItsGenerationAndPastThemNeedsTheFullList() {
        let list = TestHub(keptUpdates: 5, pageQueueLimit: 3)
        list.publish(20)
        #expect(list.connect(resuming: 15).start == 15)
        #expect(list.connect(resuming: 14).start == nil)
        #expect(list.connect(resuming: 20).start == 20)
        #expect(list.connect(resuming: 21).start == nil)
        #expect(list.connect().start == nil)
        let otherRun = list.hub.connect(resumingFrom: ResumePoint(epoch: "another-run", generation: 20), wokenBy: CountingWaker())
        #expect(otherRun.start == nil)
        list.reload()
        #expect(list.connect(resuming: 20).start == nil)
        #expect(list.connect(resuming: 21).start == 21)
    }

    @Test func aPublishWakesEachWriterOfTheListsPagesOnceAndNoPage() {
        let list = TestHub()
        let first = CountingWaker()
        let second = CountingWaker()
        let pages = (0..<3).map { _ in list.connect(wokenBy: first) } + [list.connect(wokenBy: second)]
        list.publish()
        #expect([first.count, second.count] == [1, 1])
        pages.prefix(3).forEach(list.hub.disconnect)
        list.publish()
        list.reload()
        #expect([first.count, second.count] == [1, 3])
        #expect(list.hub.pageCount == 1)
    }

    @Test func aPageAskingForTheFullListOrItsEndWakesItsWriterAndIsAnsweredOnce() {
        let page = PageCursor(start: 4)
        let wakes = CountingWaker()
        page.onRequest { wakes.wakeEveryPage() }
        #expect(page.take() == .none)
        page.requestFullList()
        #expect(wakes.count == 1)
        #expect(page.take() == .fullList)
        #expect(page.take() == .none)
        page.close()
        #expect(wakes.count == 2)
        #expect(page.take() == .close)
        #expect(PageCursor(start: nil).take() == .fullList)
    }

    @Test func pagesTakingTheirUpdatesFromTheWindowNeverSeeAGapOrAnUpdateOutOfOrder() throws {
        for seed in TestEnvironment.seeds("WEBLISTS_WINDOW_SEED", default: [1, 2, 3, 4, 5, 6, 7, 8]) {
            var random = SplitMix64(seed: seed)
            let limit = Int.random(in: 1...8, using: &random)
            let list = TestHub(keptUpdates: Int.random(in: 0...12, using: &random), pageQueueLimit: limit)
            var pages = (0..<6).map { _ in SimulatedPage(list.connect()) }
            let replay = "seed \(TestEnvironment.describe(seed: seed)) (WEBLISTS_WINDOW_SEED replays it), limit \(limit)"
            for _ in 0..<500 {
                let page = Int.random(in: 0..<pages.count, using: &random)
                switch Int.random(in: 0..<20, using: &random) {
                case 0..<10: list.publish(Int.random(in: 1...3, using: &random))
                case 10: list.reload()
                case 11: pages[page].cursor.requestFullList()
                case 12:
                    list.hub.disconnect(pages[page].cursor)
                    pages[page].comeBack(to: list)
                default:
                    var messages = RoundMessages()
                    for index in pages.indices where Bool.random(using: &random) {
                        try pages[index].receive(from: list.hub, sharing: &messages, limit: limit, replay)
                    }
                }
            }
            var messages = RoundMessages()
            for index in pages.indices {
                try pages[index].receive(from: list.hub, sharing: &messages, limit: limit, replay)
                #expect(pages[index].holds == list.current, "\(replay)")
            }
        }
    }
}

/// A page as its writer sees it in the tests: what it asks for and the generation it holds,
/// checked at each message against what it held before.
private struct SimulatedPage {
    var cursor: PageCursor
    var holds: UInt64?

    init(_ cursor: PageCursor) {
        self.cursor = cursor
        holds = cursor.start
    }

    /// Leaves and comes back, resuming from the generation the page holds.
    mutating func comeBack(to list: TestHub) {
        cursor = list.connect(resuming: holds)
        if cursor.start == nil { holds = nil }
    }

    /// Receives what a round writes it, and checks that it follows what the page holds.
    mutating func receive(from hub: PageHub, sharing messages: inout RoundMessages, limit: Int, _ replay: String) throws {
        let request = cursor.take()
        let write = messages.write(toPageOf: hub, sentUpTo: holds ?? 0, askedForFullList: request == .fullList)
        for message in try write.messages() {
            if message.isFullList {
                #expect(message.generations.count == 1 && message.generations[0] >= holds ?? 0, "\(replay): \(message) after \(String(describing: holds))")
                holds = message.generations.first
            } else {
                let held = try #require(holds, "\(replay): updates \(message.generations) before any full list")
                #expect(message.generations == Array((held + 1)...(held + UInt64(message.generations.count))), "\(replay): \(message) after \(held)")
                #expect(message.generations.count <= limit, "\(replay): \(message.generations.count) updates sent, more than the limit")
                holds = message.generations.last
            }
        }
        #expect(write.sent == holds ?? 0, "\(replay)")
    }
}
