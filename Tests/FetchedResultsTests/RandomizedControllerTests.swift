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
/// and its marks are exactly the objects whose values changed and that stayed.
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
}
