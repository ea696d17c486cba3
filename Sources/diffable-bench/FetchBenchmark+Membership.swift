import Foundation
import ObjectStore

extension FetchBenchmark {
    /// The membership cases: a predicate testing one key against 10,000 values, written as `IN`
    /// or as an `OR` of equalities.
    static let membershipCases = [("evaluate-in-10k", false), ("evaluate-or-10k", true)]

    /// A 10,000-value membership predicate evaluated in memory with
    /// `FetchPredicate.evaluate(with:)` on each of 10,000 objects fetched before timing (their
    /// values loaded, in the context), against the store counting the objects the same predicate
    /// selects. Both run on the context's queue, in turns.
    func measureMembership(_ name: String, orOfEqualities: Bool, count: Int) throws -> BenchResult {
        try FetchBenchModel.withStore(count: count) { container, _ in
            let predicate = FetchBenchModel.membershipPredicate(count: count, orOfEqualities: orOfEqualities)
            let context = container.newBackgroundContext()
            let objects = try context.performAndWait { Array(try context.fetch(FetchBenchItem.self)) }
            let request = ObjectStore.FetchRequest<FetchBenchItem>(predicate: predicate)
            let counted = try context.performAndWait { try context.count(for: request) }
            let evaluated = try context.performAndWait { try objects.filter { try predicate.evaluate(with: $0) }.count }
            precondition(evaluated == counted, "memory selects \(evaluated) objects, the store counts \(counted)")

            let medians = options.compare(
                Timing { context.performAndWait { try! objects.filter { try predicate.evaluate(with: $0) }.count } },
                against: Timing { context.performAndWait { try! context.count(for: request) } }
            )
            let form = orOfEqualities ? "an OR of \(count) equalities" : "IN with \(count) values"
            return BenchResult(
                bench: "fetch", caseName: name, oursMilliseconds: medians.ours,
                baseline: "store count(for:), same predicate", baselineMilliseconds: medians.baseline,
                note: "rank matching \(form), evaluate(with:) on \(count) materialised objects: \(formatted(medians.ours.median * 1e6 / Double(count), decimals: 0)) ns per object, \(counted) selected")
        }
    }
}
