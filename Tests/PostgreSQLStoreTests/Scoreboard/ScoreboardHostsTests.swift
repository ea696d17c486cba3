import Foundation
import ObjectStore
@testable import PostgreSQLStore
import ScoreboardCore
import Testing

extension PostgreSQLServerTests {
    /// The demo's headless pipeline on a PostgreSQL store, with a second scoreboard on the same
    /// schema.
    @Suite("Scoreboards on one schema")
    struct ScoreboardHostsTests {
        static let banners = [Banner(id: "a", title: "A", detail: "")]

        /// Opens (and seeds) the demo's store on a thread of its own: opening waits for the
        /// server, which would hold a thread of the concurrency pool every other test needs.
        static func open(_ description: StoreDescription, seed: UInt64) async throws -> PersistentContainer {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread { continuation.resume(with: Result { try ScoreboardStore.open(description: description, seed: seed) }) }
            }
        }

        @Test func aScoreboardWhoseFeedIsIdleFollowsAnotherHostsFeedToTheFreshFetches() async throws {
            let description = StoreDescription.postgreSQL(try await settings())
            let watching = try await Self.open(description, seed: 7)
            let playing = try await Self.open(description, seed: 7)

            // A rate this low leaves the watching host's feed pausing for the whole run.
            async let watched = HeadlessRun.run(container: watching, banners: Self.banners, seed: 7, pace: .timed(.seconds(2), rate: 0.0001))
            async let played = HeadlessRun.run(container: playing, banners: Self.banners, seed: 7, pace: .steps(40))
            let (watcher, player) = try await (watched, played)

            #expect(watcher.feedSteps == 0)
            #expect(player.feedSteps == 40)
            for summary in [watcher, player] {
                #expect(summary.invalidUpdates == 0)
                #expect(summary.statistics.failedApplies == 0, "\(summary.statistics.lastError ?? "")")
                #expect(summary.matchesFreshFetches, "\(summary.difference ?? "")")
            }
            // Its first apply shows the seeded data set; every later one is another host's save.
            #expect(watcher.statistics.applies > 1)
        }

        @Test func twoScoreboardsPlayingTheirFeedsOnOneSchemaBothEndAsFreshFetchesGiveTheList() async throws {
            let description = StoreDescription.postgreSQL(try await settings())
            let first = try await Self.open(description, seed: 11)
            let second = try await Self.open(description, seed: 12)

            async let firstRun = HeadlessRun.run(container: first, banners: Self.banners, seed: 11, pace: .timed(.seconds(3), rate: 20))
            async let secondRun = HeadlessRun.run(container: second, banners: Self.banners, seed: 12, pace: .timed(.seconds(3), rate: 20))
            let summaries = try await [firstRun, secondRun]

            for summary in summaries {
                #expect(summary.feedSteps > 0)
                #expect(summary.invalidUpdates == 0)
                #expect(summary.statistics.failedApplies == 0, "\(summary.statistics.lastError ?? "")")
                #expect(summary.matchesFreshFetches, "\(summary.difference ?? "")")
            }
        }
    }
}
