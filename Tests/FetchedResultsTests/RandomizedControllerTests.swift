import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import StoreBackends
import Testing
import TestSupport

/// Seeded streams of inserts, updates and deletes, in the view context (unsaved, then saved) and
/// in a background context (saved and merged), against controllers with random predicates,
/// sorts, section keys, limits, offsets and identifiers. After every step each controller's
/// results equal a fresh fetch; each delivery's batch update passes the validator from the
/// previous delivery, its classic changes replayed on the previous results give the new ones,
/// and its marks are exactly the objects whose values changed and that stayed. Two aggregate
/// controllers (groups sorted by count; one showing the view context's unsaved changes, one its
/// committed values) follow the same stream: each delivery valid from the previous one, and
/// their groups equal a fresh grouped fetch.
///
/// `FETCHED_RESULTS_STEPS` (default 2,000 on SQLite, 200 on PostgreSQL) and `FETCHED_RESULTS_SEED` (default: four fixed
/// seeds) set the run.
@MainActor @Suite struct RandomizedControllerTests {
    @Test(arguments: StoreBackend.all) func controllersFollowRandomChangesExactly(_ backend: StoreBackend) async throws {
        // A server store answers each fetch with a round trip, on the main actor: fewer steps.
        let steps = TestEnvironment.count("FETCHED_RESULTS_STEPS", default: backend == .sqlite ? 2_000 : 200)
        let seeds = TestEnvironment.seeds("FETCHED_RESULTS_SEED", default: [11, 23, 37, 41])
        for seed in seeds {
            var run = try ModelRun(seed: seed, container: try await TestModel.container(on: backend))
            try await run.run(steps: max(1, steps / seeds.count))
        }
    }

    /// Predicates that read other matches of a match's sport: a subquery's count, collection
    /// operators and arithmetic, which change when another match is inserted, deleted, moved
    /// to another sport or rescored.
    static let computedPredicates: [String?] = [
        "SUBQUERY(sport.#matches, $m, $m.score > 5 AND $m.isLive == NO).@count > 1",
        "SUBQUERY(sport.#matches, $m, $m.group == 'A' OR $m.note != nil).@count == 0",
        "sport.#matches.@sum.score > 20",
        "sport.#matches.@avg.score >= 4.5 OR sport.#matches.@max.score < 3",
        "score * 2 - sport.rank > 6",
        "(score + sport.#matches.@count) / 2 >= 4 AND sport.#matches.@min.score <= 2",
    ]

    @Test(arguments: StoreBackend.all) func controllersFollowSubqueriesCollectionOperatorsAndArithmeticExactly(_ backend: StoreBackend) async throws {
        // Each step re-reads other matches of a sport: a quarter of the steps of the test above.
        let steps = TestEnvironment.count("FETCHED_RESULTS_STEPS", default: backend == .sqlite ? 2_000 : 200) / 4
        let seeds = TestEnvironment.seeds("FETCHED_RESULTS_SEED", default: [13, 29])
        for seed in seeds {
            var run = try ModelRun(seed: seed, container: try await TestModel.container(on: backend), predicates: Self.computedPredicates)
            try await run.run(steps: max(1, steps / seeds.count))
        }
    }
}
