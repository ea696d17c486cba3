import ArgumentParser
import Foundation
import ObjectStore

/// `diffable-bench history`: what the persistent history costs a save.
struct HistoryBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Persistent history: a save of 1,000 changed objects with history tracking against the same save without; a batch update of 100,000 objects against fetch-modify-save and GRDB's UPDATE; a batch delete of 10,000 of 1,000,000 objects followed by a controller, against a list that refetches; four processes on one file, from a save in one to the delivery in the others, against the same in one process."
    )

    @OptionGroup var options: BenchOptions

    func run() throws {
        var report = BenchReport(json: options.json)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-bench-history-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        if options.includes("tracking-overhead-1k") {
            report.add(try measureTrackingOverhead(count: 1_000, directory: directory))
        }
        if options.includes("batch-update-100k") {
            report.add(try measureBatchUpdate(count: 100_000, directory: directory))
        }
        if options.includes("batch-delete-10k-of-1M") {
            report.add(try measureBatchDelete())
        }
        if options.includes("remote-4-processes") {
            report.add(try measureRemoteProcesses(directory: directory))
        }
    }

    /// `tracking-overhead-1k`: 1,000 loaded objects updated and saved on a background context of
    /// a store that tracks history (one history transaction recorded in the save's SQLite
    /// transaction). Baseline: the same save on a store with tracking off.
    private func measureTrackingOverhead(count: Int, directory: URL) throws -> BenchResult {
        func container(_ name: String, tracking: Bool) throws -> PersistentContainer {
            var description = StoreDescription(location: .file(directory.appendingPathComponent("\(name).sqlite")))
            description.persistentHistoryTracking = tracking
            return try PersistentContainer(name: "Bench", model: BenchModel.model, store: description)
        }
        let tracked = try ChangeEventWriter(container: container("tracked", tracking: true), count: count)
        let untracked = try ChangeEventWriter(container: container("untracked", tracking: false), count: count)
        let medians = options.compare(Timing { tracked.saveChanges() }, against: Timing { untracked.saveChanges() })
        return BenchResult(
            bench: "history", caseName: "tracking-overhead-1k", oursMilliseconds: medians.ours,
            baseline: "same save, tracking off", baselineMilliseconds: medians.baseline,
            note: "a save of \(count) updated objects; goal ours ≤ 1.15× baseline")
    }
}
