import FetchedResults
import Foundation
import ObjectStore
import TestSupport
import Testing

/// Live matches per sport name: count, score sum, least and greatest score, mean score.
func liveMatchesPerSport(having: String? = nil, includesPendingChanges: Bool = true) throws -> FetchRequest<Match> {
    var request = FetchRequest<Match>(predicate: try FetchPredicate(format: "isLive == YES"))
    request.resultType = .dictionaries
    request.includesPendingChanges = includesPendingChanges
    request.propertiesToGroupBy = ["sport.name"]
    request.propertiesToFetch = ["sport.name", .count(\.title, as: "n"), .sum(\.score, as: "total"), .min(\.score, as: "low"), .max(\.score, as: "high"), .average(\.score, as: "mean")]
    if let having { request.havingPredicate = try FetchPredicate(format: having) }
    return request
}

/// Rows with each value written out, for comparing.
func described(_ rows: [[String: any Sendable]]) -> [[String: String]] {
    rows.map { $0.mapValues { "\($0)" } }
}

extension FetchedAggregateController {
    /// The groups' values, written out.
    var describedGroups: [[String: String]] {
        described((groups ?? []).map(\.values))
    }

    /// Whether the groups equal those of a fresh grouped fetch of the context (call on its queue).
    func showsAFreshFetch() throws -> Bool {
        describedGroups == described(try managedObjectContext.fetchDictionaries(fetchRequest))
    }
}

/// Waits until `controller` shows what a fresh grouped fetch returns, for at most
/// ``mainActorPatience``; records an issue with `label` when it does not.
func settle<Entity>(_ controller: FetchedAggregateController<Entity>, _ label: String = "") async throws {
    let context = controller.managedObjectContext
    let deadline = ContinuousClock.now + mainActorPatience
    while ContinuousClock.now < deadline {
        if try await context.perform({ () throws in try controller.showsAFreshFetch() }) { return }
        try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("\(label.isEmpty ? "" : label + ": ")the aggregate controller did not reach the groups of a fresh fetch within \(mainActorPatience)")
}

/// Collects an aggregate controller's deliveries from its sequence.
final class AggregateDeliveryLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [AggregateDelivery] = []
    var loop: Task<Void, Never>?

    var deliveries: [AggregateDelivery] { lock.withLock { collected } }

    func append(_ delivery: AggregateDelivery) {
        lock.withLock { collected.append(delivery) }
    }
}
