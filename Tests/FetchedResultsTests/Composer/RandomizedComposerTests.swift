import DiffableSnapshots
@testable import FetchedResults
import Foundation
import ObjectStore
import StoreBackends
import Testing
import TestSupport

/// The home screen under seeded random mutation streams: inserts, updates of sort, section and
/// predicate keys, deletes, saves from the view context and from a background context, sports
/// renamed and removed, banners replaced from JSON, decorations changed. After every step the
/// composed list equals the concatenation, in slot order, of fresh fetches mapped through the
/// slots; every composition starts from the one before, with the next generation and a batch
/// update that passes the validator; a composition for decorations alone only reconfigures.
///
/// `COMPOSER_STEPS` (default 1,000 on SQLite, 100 on PostgreSQL) and `COMPOSER_SEED` (default: two fixed seeds) set the run.
@MainActor @Suite(.timeLimit(.minutes(10))) struct RandomizedComposerTests {
    @Test(arguments: StoreBackend.all) func theComposedListFollowsRandomChangesExactly(_ backend: StoreBackend) async throws {
        // A server store answers each fetch with a round trip, on the main actor: fewer steps.
        let steps = TestEnvironment.count("COMPOSER_STEPS", default: backend == .sqlite ? 1_000 : 100)
        let seeds = TestEnvironment.seeds("COMPOSER_SEED", default: [5, 0x2A])
        for (offset, seed) in seeds.enumerated() {
            try await run(seed: seed, steps: max(1, steps / seeds.count), fetchFirst: offset % 2 == 0, on: backend)
        }
    }

    func run(seed: UInt64, steps: Int, fetchFirst: Bool, on backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        try HomeFeed.populate(container, seed: seed, matches: 30)
        let screen = try HomeScreen(container: container, banners: [Banner(id: 1, title: "one"), Banner(id: 2, title: "two")], fetchFirst: fetchFirst)
        var feed = HomeFeed(screen: screen, seed: seed)
        var checked = 0
        var previous = DiffableDataSourceSnapshot<TestSection, TestItem>()
        for step in 0...steps {
            if step > 0 { try await feed.step() }
            let note = Comment(rawValue: "seed \(TestEnvironment.describe(seed: seed)) step \(step) \(feed.lastOperation)")
            try await screen.settle(note: note)
            for composition in screen.log.compositions(from: checked) {
                checked += 1
                #expect(composition.generation == checked, note)
                #expect(composition.previousSnapshot == previous, note)
                #expect(throws: Never.self, note) { try composition.batchUpdate.validate(from: composition.previousSnapshot, to: composition.snapshot) }
                if composition.changedSlots.isEmpty {
                    let update = composition.batchUpdate
                    #expect(update == BatchUpdate(itemReconfigures: update.itemReconfigures) && !update.itemReconfigures.isEmpty, Comment(rawValue: "decorations only reconfigure; \(note.rawValue)"))
                    #expect(composition.snapshot.sectionsAndItems == previous.sectionsAndItems, note)
                }
                previous = composition.snapshot
            }
            #expect(screen.composer.snapshot.sectionsAndItems == (try screen.expected()).sectionsAndItems, note)
            #expect(screen.composer.lastError == nil, note)
        }
        let counts = screen.composer.compositionCounts
        #expect(counts.translated > counts.diffed, "deliveries are mostly translated, not diffed: \(counts)")
    }
}
