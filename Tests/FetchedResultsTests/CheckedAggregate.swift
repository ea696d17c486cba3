import FetchedResults
import Foundation
import ObjectStore
import Testing
import TestSupport

/// An aggregate controller in a model run: matches per group and sport, sorted by count (most
/// first) then by the sum of scores. Every delivery is checked as it arrives; every fifth step,
/// and after a fetch, the groups equal a fresh grouped fetch.
@MainActor final class CheckedAggregate: CheckedController {
    let label: String
    let controller: FetchedAggregateController<Match>
    let checker = ValidatingAggregateDelegate<Match>()

    /// The run's aggregate request: the pending changes of the view context included or not.
    static func request(includesPendingChanges: Bool) throws -> FetchRequest<Match> {
        var request = FetchRequest<Match>()
        request.resultType = .dictionaries
        request.includesPendingChanges = includesPendingChanges
        request.propertiesToGroupBy = ["group", "sport.name"]
        request.propertiesToFetch = ["group", "sport.name", .count(as: "n"), .sum(\.score, as: "total"), .max(\.title, as: "last")]
        request.havingPredicate = try FetchPredicate(format: "total >= n")
        request.sortDescriptors = [FetchSortDescriptor("n", ascending: false), FetchSortDescriptor("total")]
        return request
    }

    init(index: Int, context: ManagedObjectContext, includesPendingChanges: Bool) throws {
        label = "aggregate controller \(index) [pending \(includesPendingChanges)]"
        controller = try FetchedAggregateController(fetchRequest: try Self.request(includesPendingChanges: includesPendingChanges), managedObjectContext: context)
        controller.delegate = checker
        try controller.performFetch()
    }

    func refetch(predicate: FetchPredicate<Match>?, _ run: ModelRun) throws {
        try controller.performFetch()
        try compare(run)
    }

    func check(_ run: ModelRun) throws {
        let note = Comment(rawValue: "seed \(TestEnvironment.describe(seed: run.seed)) step \(run.step) \(label) \(run.lastOperation)")
        #expect(controller.lastError == nil, note)
        #expect(checker.summary.failures == [], note)
        if run.step % 5 == 0 { try compare(run) }
    }

    private func compare(_ run: ModelRun) throws {
        let note = Comment(rawValue: "seed \(TestEnvironment.describe(seed: run.seed)) step \(run.step) \(label) \(run.lastOperation)")
        #expect(try controller.showsAFreshFetch(), note)
    }
}
