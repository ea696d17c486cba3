import ArgumentParser
import Foundation
import GRDB
import ObjectStore

/// `diffable-bench fetch`: a fetch request with a predicate and sort descriptors, against the same
/// query run through GRDB directly on the same file.
struct FetchBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch requests: IDs of the objects a two-term predicate selects, sorted by two keys, against GRDB directly."
    )

    @OptionGroup var options: BenchOptions

    func run() throws {
        var report = BenchReport(json: options.json)
        for (name, count) in [("predicate-ids-100k", 100_000), ("predicate-ids-1M", 1_000_000)] where options.includes(name) {
            report.add(try measure(name, count: count))
        }
    }

    private func measure(_ name: String, count: Int) throws -> BenchResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-bench-fetch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("fetch.sqlite")
        let container = try PersistentContainer(name: "FetchBench", model: FetchBenchModel.model, store: StoreDescription(location: .file(url)))
        let pool = try DatabasePool(path: url.path)
        try FetchBenchModel.fill(pool, count: count)

        let request = FetchBenchModel.request
        var ids = 0
        let ours = medianMilliseconds(runs: options.runs, prepare: { container.newBackgroundContext() }, { context in
            context.performAndWait { try! context.fetchObjectIDs(request).count }
        })
        let baseline = medianMilliseconds(runs: options.runs) {
            let keys = try! pool.read { db in
                try Int64.fetchAll(db, sql: FetchBenchModel.baselineSQL, arguments: [FetchBenchModel.category, FetchBenchModel.rankCut])
            }
            ids = keys.count
            return keys.count
        }
        let context = container.newBackgroundContext()
        let plan = try context.performAndWait { try context.fetchObjectIDs(request).count }
        precondition(plan == ids, "the store returned \(plan) IDs, GRDB \(ids)")
        return BenchResult(
            bench: "fetch", caseName: name, ids: "\(ids)", oursMilliseconds: ours,
            baseline: "GRDB Int64.fetchAll, same SQL", baselineMilliseconds: baseline,
            note: "ours / baseline = \(formatted(ours / baseline, decimals: 2))× (goal ≤ 1.3×); \(count) objects, 25% selected")
    }
}
