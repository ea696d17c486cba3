import ArgumentParser
import Foundation
import ObjectStore

/// `diffable-bench migrate`: a versioned migration against the hand-written SQL that does the same.
struct MigrateBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Versioned migration: a model version that renames an attribute and changes another's type over 1,000,000 objects, opened through its migration plan, against the hand-written SQL (ALTER TABLE … RENAME COLUMN, UPDATE) on a copy of the same store."
    )

    @OptionGroup var options: BenchOptions

    func run() throws {
        var report = BenchReport(json: options.json)
        if options.includes("rename-and-convert-1M") {
            report.add(try measureRenameAndConvert(count: 1_000_000))
        }
    }

    /// `rename-and-convert-1M`: each run copies the version-1 template; ours opens the copy with
    /// the plan (the container's open, migration included), the baseline runs the hand-written
    /// SQL on its copy in one transaction. Peak resident memory of each side is kept from its
    /// slowest-memory run.
    private func measureRenameAndConvert(count: Int) throws -> BenchResult {
        let template = try MigrationTemplate(count: count)
        defer { try? FileManager.default.removeItem(at: template.directory) }
        var peaks = (ours: 0.0, baseline: 0.0)
        func timing(_ migrate: @escaping (URL) throws -> Void, peak: @escaping (Double) -> Void) -> Timing {
            Timing.reporting {
                let url = template.copy()
                defer { template.remove(url) }
                PeakMemory.reset()
                let before = PeakMemory.peakBytes() ?? 0
                let start = BenchClock.now()
                try! migrate(url)
                let elapsed = BenchClock.now() - start
                peak(max(0, (PeakMemory.peakBytes() ?? 0) - before))
                return elapsed
            }
        }
        let ours = timing({ url in
            _ = try PersistentContainer(name: "Bench", migrationPlan: BenchMigrationV2.plan, store: StoreDescription(location: .file(url)))
        }, peak: { peaks.ours = max(peaks.ours, $0) })
        let baseline = timing({ url in try HandWrittenMigration.run(at: url) }, peak: { peaks.baseline = max(peaks.baseline, $0) })
        let medians = options.compare(ours, against: baseline)
        let megabytes = { (bytes: Double) in (bytes / 1_048_576 * 10).rounded() / 10 }
        var result = BenchResult(
            bench: "migrate", caseName: "rename-and-convert-1M", oursMilliseconds: medians.ours,
            baseline: "hand-written SQL", baselineMilliseconds: medians.baseline,
            note: "\(count) objects; version 2 renames label to title and stores value (integer) as text; ours: the container's open through the migration plan (checks, progress, history purge, schema record included); baseline: ALTER TABLE RENAME COLUMN, ADD COLUMN, UPDATE … CAST, DROP COLUMN, RENAME COLUMN in one transaction; peak resident memory above the start of the run: ours \(megabytes(peaks.ours)) MB, baseline \(megabytes(peaks.baseline)) MB; goal ours ≤ 2× the baseline")
        result.extra = [("ours_peak_rss_mb", megabytes(peaks.ours)), ("baseline_peak_rss_mb", megabytes(peaks.baseline))]
        return result
    }
}
