import ArgumentParser
import Foundation
import ObjectStore

/// `diffable-bench aggregate`: a live grouped aggregate against re-running the grouped fetch.
struct AggregateBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aggregate",
        abstract: "Live aggregates: live matches per sport over 1,000,000 matches in 50 sports, one change per save, from the save to the aggregate controller's delivery, against the same grouped fetch run again through the context on every save."
    )

    @OptionGroup var options: BenchOptions

    func run() throws {
        var report = BenchReport(json: options.json)
        if options.includes("grouped-count-1M") {
            report.add(try measureGroupedCount(count: 1_000_000))
        }
    }

    /// `grouped-count-1M`: one match turned live or not per save on a background writer; ours
    /// from the save's start to the aggregate controller's delivery on the view context, the
    /// baseline from the save's start to the end of the grouped fetch (`GROUP BY sport.name`,
    /// `count`) run again on the view context after the merge. One store, followed by both; each
    /// waits only for its own side.
    private func measureGroupedCount(count: Int) throws -> BenchResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-bench-aggregate-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try LiveMatchStore(url: directory.appendingPathComponent("matches.sqlite"), count: count)
        let controller = try AggregateFollower(store: store)
        let refetch = GroupedRefetchFollower(store: store)
        func timing(_ follower: any ListFollower) -> Timing {
            Timing.reporting {
                let target = follower.reflected() + 1
                let start = BenchClock.now()
                store.saveOneChange()
                waitUntil(follower, reflects: target)
                return BenchClock.now() - start
            }
        }
        let medians = options.compare(timing(controller), against: timing(refetch))
        return BenchResult(
            bench: "aggregate", caseName: "grouped-count-1M", oursMilliseconds: medians.ours,
            baseline: "grouped fetch re-run per save", baselineMilliseconds: medians.baseline,
            note: "live matches per sport (isLive == YES, GROUP BY sport.name, count) over \(count) matches in \(LiveMatchStore.sports) sports; one match toggled per save on a background context; from the save's start to the view context's delivery (ours) or to the end of the grouped fetch after the merge (baseline); goal ours ≥ 100× faster than the baseline")
    }
}
