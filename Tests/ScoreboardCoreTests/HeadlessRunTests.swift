import ScoreboardCore
import TestSupport
import Testing

@Suite struct HeadlessRunTests {
    @Test func hundredsOfFeedStepsReachTheListWithNoInvalidUpdateAndAsFreshFetchesGiveIt() async throws {
        let seed = TestEnvironment.seed("SCOREBOARD_FEED_SEED", default: 0xBEEF)
        let steps = TestEnvironment.count("SCOREBOARD_FEED_STEPS", default: 300)
        let container = try ScoreboardStore.open(.inMemory, seed: seed)
        let banners = [Banner(id: "a", title: "A", detail: ""), Banner(id: "b", title: "B", detail: "")]
        let summary = try await HeadlessRun.run(container: container, banners: banners, seed: seed, pace: .steps(steps))
        #expect(summary.feedSteps == steps)
        #expect(summary.invalidUpdates == 0, "seed \(TestEnvironment.describe(seed: seed))")
        #expect(summary.statistics.failedApplies == 0, "seed \(TestEnvironment.describe(seed: seed)): \(summary.statistics.lastError ?? "")")
        #expect(summary.matchesFreshFetches, "seed \(TestEnvironment.describe(seed: seed)): \(summary.difference ?? "")")
        #expect(summary.statistics.applies > 1)
        #expect(summary.line.hasSuffix(", 0 invalid"))
    }
}
