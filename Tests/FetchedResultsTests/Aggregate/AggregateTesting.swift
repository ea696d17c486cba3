import DiffableSnapshots
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

/// Live stakes per sport name: count, stake sum and mean, exact to the last bit.
func liveStakesPerSport() throws -> FetchRequest<Match> {
    var request = FetchRequest<Match>(predicate: try FetchPredicate(format: "isLive == YES"))
    request.resultType = .dictionaries
    request.propertiesToGroupBy = ["sport.name"]
    request.propertiesToFetch = ["sport.name", .count(as: "n"), .sum(\.stake, as: "stakes"), .average(\.stake, as: "meanStake")]
    return request
}

/// Stakes whose running sum, added and taken out one at a time in floating point, drifts from
/// a fresh sum: magnitudes far apart, and decimals without an exact binary form.
let driftingStakes: [Double] = [1e16, -1e16, 0.1, 0.2, 0.3, 1.0, 3.3e-5, 12_345.678, -0.7, 2.5e15, 1e-300, -3e15]

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

/// A delegate that checks each delivery as it arrives: its batch update turns the previous
/// snapshot into the new one by UIKit's rules, and the previous snapshot is the last one
/// delivered.
final class ValidatingAggregateDelegate<Entity: ManagedObject>: FetchedAggregateControllerDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var last: AggregateDelivery?
    private var checked = (deliveries: 0, moves: 0, failures: [String]())

    /// Deliveries seen, item moves among them, and what was wrong with any of them.
    var summary: (deliveries: Int, moves: Int, failures: [String]) { lock.withLock { checked } }

    func controller(_ controller: FetchedAggregateController<Entity>, didChangeGroupsWith delivery: AggregateDelivery) {
        lock.withLock {
            checked.deliveries += 1
            checked.moves += delivery.batchUpdate.itemMoves.count
            if let last, last.snapshot != delivery.previousSnapshot {
                checked.failures.append("delivery \(delivery.generation) does not start from the last snapshot")
            }
            do {
                try delivery.batchUpdate.validate(from: delivery.previousSnapshot, to: delivery.snapshot)
            } catch {
                checked.failures.append("delivery \(delivery.generation): \(error)")
            }
            if delivery.snapshot.itemIdentifiers != delivery.groups.map(\.id) {
                checked.failures.append("delivery \(delivery.generation) lists its groups in another order than its snapshot")
            }
            last = delivery
        }
    }
}
