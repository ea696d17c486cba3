import DiffableSnapshots
import FetchedResults
import Foundation
import ListDataSources
import ObjectStore
import Testing
import TestSupport

/// The home screen driving a headless list view through a data source, as an app would: every
/// composition applied with its batch update, for 1,000 random feed updates (saves of 1 to 5
/// matches from a background context, sports changed, banners replaced, decorations set). No
/// update the view receives is invalid, and the view ends showing fresh fetches.
///
/// `COMPOSER_FEED_STEPS` (default 1,000) and `COMPOSER_SEED` set the run.
@MainActor @Suite(.timeLimit(.minutes(10))) struct HomeScreenListTests {
    @Test func aHeadlessListFollowsTheComposedHomeScreenWithoutAnInvalidUpdate() async throws {
        let steps = TestEnvironment.count("COMPOSER_FEED_STEPS", default: 1_000)
        let seed = TestEnvironment.seed("COMPOSER_SEED", default: 0x40E)
        let container = try TestModel.inMemory()
        try HomeFeed.populate(container, seed: seed, matches: 40)
        let screen = try HomeScreen(container: container, banners: [Banner(id: 1, title: "welcome")], fetchFirst: true)
        let view = HeadlessListView<TestSection, TestItem, String>(recordsHistory: false)
        let composer = screen.composer
        let dataSource = DiffableDataSource(view: view) { _, _, item in
            let onSlip = composer.decoration(for: item, as: Bool.self) ?? false
            return "\(item)\(onSlip ? " *" : "")"
        }
        let applier = CompositionApplier(composer: composer, dataSource: dataSource)
        applier.start()
        var feed = HomeFeed(screen: screen, seed: seed)
        for step in 1...steps {
            try await feed.step()
            let note = Comment(rawValue: "seed \(TestEnvironment.describe(seed: seed)) step \(step) \(feed.lastOperation)")
            if step % 100 == 0 || step == steps {
                try await screen.settle(note: note)
                await applier.waitUntilApplied(generation: composer.generation)
                #expect(view.snapshot.sectionsAndItems == (try screen.expected()).sectionsAndItems, note)
                #expect(view.invalidUpdateCount == 0, note)
            }
        }
        let results = applier.results
        #expect(results.failures.isEmpty, "\(results.failures.prefix(3))")
        #expect(results.methods[.reloadData, default: 0] == 1, "the first composition is the list so far, reloaded")
        #expect(results.methods[.knownUpdate, default: 0] > 0)
        #expect(results.methods[.diff, default: 0] == 0, "every composition starts from what the view shows")
        #expect(view.batchUpdateCount == results.methods[.knownUpdate, default: 0])
        #expect(view.cell(for: view.snapshot.itemIdentifiers[0]) != nil)
    }
}

/// Applies every composition of a composer to a data source, in order, on a task of its own.
final class CompositionApplier<Section: Hashable & Sendable, Item: Hashable & Sendable>: @unchecked Sendable {
    struct Results {
        var methods: [ApplyMethod: Int] = [:]
        var failures: [String] = []
        var generation = 0
    }

    private let lock = NSLock()
    private var state = Results()
    private var task: Task<Void, Never>?
    let dataSource: DiffableDataSource<Section, Item>
    let compositions: AsyncStream<SnapshotComposition<Section, Item>>

    init(composer: SnapshotComposer<Section, Item>, dataSource: DiffableDataSource<Section, Item>) {
        self.dataSource = dataSource
        compositions = composer.compositions()
    }

    deinit { task?.cancel() }

    /// Applies every composition, from the composer's last one when the applier was made (which
    /// the data source reloads with).
    func start() {
        let compositions = self.compositions
        task = Task { [weak self] in
            for await composition in compositions {
                guard let self else { return }
                do {
                    let method = try await self.dataSource.apply(composition.snapshot, using: composition.batchUpdate, from: composition.previousSnapshot)
                    self.record { $0.methods[method, default: 0] += 1 }
                } catch {
                    self.record { $0.failures.append("generation \(composition.generation): \(error)") }
                }
                self.record { $0.generation = composition.generation }
            }
        }
    }

    private func record(_ change: (inout Results) -> Void) {
        lock.withLock { change(&state) }
    }

    var results: Results { lock.withLock { state } }

    /// Waits until the composition of `generation` has been applied.
    func waitUntilApplied(generation: Int) async {
        while results.generation < generation {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}
