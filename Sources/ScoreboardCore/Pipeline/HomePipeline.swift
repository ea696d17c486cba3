import DiffableSnapshots
import DiffableSupport
import FetchedResults
import Foundation
package import ListDataSources

/// The whole path from the composer to a list view: every composition of the home screen is
/// checked against the batch-update rules and applied to a data source with its known batch
/// update, and each apply is counted in ``statistics``.
///
/// The same pipeline drives the terminal view, headless a validating view, and web pages.
package final class HomePipeline<View: ListView>: Sendable
where View.SectionIdentifierType == HomeSection, View.ItemIdentifierType == HomeItem {
    package let home: HomeScreen
    package let view: View
    package let dataSource: DiffableDataSource<HomeSection, HomeItem>
    private let compositions: AsyncStream<SnapshotComposition<HomeSection, HomeItem>>
    private let counters = Locked(ApplyStatistics())

    /// A pipeline from `home` to `view`; it starts from the composer's last composition, so it
    /// may be created before or after ``HomeScreen/start()``.
    package convenience init(home: HomeScreen, view: View) where View.Cell == TerminalCell {
        self.init(home: home, view: view) { item in HomeCells.cell(for: item, in: home) }
    }

    /// A pipeline whose rows are made by `cell`.
    package init(home: HomeScreen, view: View, cell: @escaping @Sendable (HomeItem) -> View.Cell) {
        self.home = home
        self.view = view
        compositions = home.composer.compositions()
        // Headers are the views' default: the section's description (and, in a terminal, its row count).
        dataSource = DiffableDataSource(view: view) { _, _, item in cell(item) }
    }

    /// The counts so far.
    package var statistics: ApplyStatistics { counters.value }

    /// Applies every composition, in order, until the composer ends or the task is cancelled.
    ///
    /// - Parameter onApply: Called after each apply with the counts.
    package func run(onApply: @escaping @Sendable (ApplyStatistics) -> Void = { _ in }) async {
        for await composition in compositions {
            if Task.isCancelled { return }
            var invalid = 0
            do {
                try composition.batchUpdate.validate(from: composition.previousSnapshot, to: composition.snapshot)
            } catch {
                invalid += 1
            }
            let start = ContinuousClock.now
            var failure: String?
            do {
                try await dataSource.apply(composition.snapshot, using: composition.batchUpdate, from: composition.previousSnapshot)
            } catch {
                if case .invalidUpdate = error { invalid = 1 }
                failure = error.description
            }
            let duration = ContinuousClock.now - start
            let shown = dataSource.snapshot()
            let statistics = counters.withLock { counters -> ApplyStatistics in
                counters.applies += 1
                counters.invalidUpdates += invalid
                counters.lastApplyDuration = duration
                counters.items = shown.numberOfItems
                counters.sections = shown.numberOfSections
                if let failure {
                    counters.failedApplies += 1
                    counters.lastError = failure
                }
                return counters
            }
            onApply(statistics)
        }
    }
}
