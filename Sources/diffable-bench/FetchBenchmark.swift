import ArgumentParser
import Foundation
import GRDB
import ObjectStore

/// `diffable-bench fetch`: a fetch request with a predicate and sort descriptors, against the same
/// query run through GRDB directly on the same file.
struct FetchBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch requests: IDs of the objects a two-term predicate selects, sorted by two keys, against GRDB directly; a 10,000-value membership evaluated in memory against the store counting it."
    )

    @OptionGroup var options: BenchOptions

    func run() throws {
        var report = BenchReport(json: options.json)
        for (name, count) in [("predicate-ids-100k", 100_000), ("predicate-ids-1M", 1_000_000)] where options.includes(name) {
            report.add(try measure(name, count: count))
        }
        if options.includes("predicate-memory-100k") {
            report.add(try measureInMemory(count: 100_000))
        }
        for (name, orOfEqualities) in Self.membershipCases where options.includes(name) {
            report.add(try measureMembership(name, orOfEqualities: orOfEqualities, count: 10_000))
        }
    }

    /// The compiled predicate and order run in memory on 100k objects (what a fetched results
    /// controller does for changed objects), against the same filter and sort written in Swift.
    private func measureInMemory(count: Int) throws -> BenchResult {
        try FetchBenchModel.withStore(count: count) { container, _ in
            let context = container.newBackgroundContext()
            let (objects, query) = try context.performAndWait { () throws -> ([FetchBenchItem], StoreQuery) in
                (Array(try context.fetch(FetchBenchItem.self)), try FetchBenchModel.request.storeQuery(entity: FetchBenchModel.model.entity(for: FetchBenchItem.self)))
            }
            var selected = 0
            let medians = options.compare(
                Timing {
                    context.performAndWait {
                        var rows = objects.filter { query.matches($0) }.map { query.row(of: $0) }
                        rows.sort { query.areInIncreasingOrder($0, $1) }
                        selected = rows.count
                        return rows.count
                    }
                },
                against: Timing {
                    context.performAndWait {
                        objects.filter { $0.category == FetchBenchModel.category && $0.rank < FetchBenchModel.rankCut }
                            .sorted { ($0.rank, $0.score, $0.objectID.key) < ($1.rank, $1.score, $1.objectID.key) }
                            .count
                    }
                }
            )
            let ours = medians.ours
            return BenchResult(
                bench: "fetch", caseName: "predicate-memory-100k", oursMilliseconds: ours,
                baseline: "Swift filter + sort on properties", baselineMilliseconds: medians.baseline,
                note: "compiled predicate and sort evaluated in memory: \(formatted(ours.median * 1e6 / Double(count), decimals: 0)) ns per object, \(selected) selected")
        }
    }

    private func measure(_ name: String, count: Int) throws -> BenchResult {
        try FetchBenchModel.withStore(count: count) { container, pool in
            let request = FetchBenchModel.request
            let baselineKeys = {
                try! pool.read { db in
                    try Int64.fetchAll(db, sql: FetchBenchModel.baselineSQL, arguments: [FetchBenchModel.category, FetchBenchModel.rankCut])
                }
            }
            let context = container.newBackgroundContext()
            let ourKeys = try context.performAndWait { try context.fetchObjectIDs(request).map(\.key) }
            let expected = baselineKeys()
            precondition(ourKeys == expected, "the store and GRDB disagree: \(ourKeys.count) and \(expected.count) IDs, or another order")

            let (ours, baseline) = options.compare(
                Timing(prepare: { container.newBackgroundContext() }, { context in
                    context.performAndWait { try! context.fetchObjectIDs(request).count }
                }),
                against: Timing { baselineKeys().count }
            )
            return BenchResult(
                bench: "fetch", caseName: name, oursMilliseconds: ours,
                baseline: "GRDB Int64.fetchAll, same SQL", baselineMilliseconds: baseline,
                note: "\(expected.count) IDs of \(count) objects (25% selected); goal ours ≤ 1.3× baseline")
        }
    }
}
