import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import TestSupport
import Testing

/// Controllers follow batch inserts, updates and deletes run by another context: each request is
/// one commit merged like a save, so the controller delivers the batch update from its last
/// delivery to the results a fresh fetch returns, with no refresh of the app's.
@Suite(.timeLimit(.minutes(10))) struct BatchRequestFollowingTests {
    @Test func aControllerFollowsRandomBatchRequestsOfAnotherContext() async throws {
        let seed = TestEnvironment.seed("BATCH_FOLLOWING_SEED", default: 0x5EED_0B47)
        let container = try PersistentContainer(
            name: "BatchFollowing", model: TestModel.model,
            store: StoreDescription(location: .file(FileManager.default.temporaryDirectory.appendingPathComponent("BatchFollowing-\(UUID().uuidString).sqlite"))))
        let follower = container.newBackgroundContext(name: "follower")
        follower.automaticallyMergesChangesFromParent = true
        let log = DeliveryLog()
        let (controller, deliveries) = try await follower.perform { () throws -> (FetchedResultsController<Match>, AsyncStream<FetchedResultsDelivery<ObjectID>>) in
            let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: follower, sectionNameKeyPath: "group")
            try controller.performFetch()
            return (controller, controller.deliveries())
        }
        log.loop = Task {
            for await delivery in deliveries { log.append(delivery) }
        }
        let writer = container.newBackgroundContext(name: "writer")
        var generator = SplitMix64(seed: seed)
        var kinds: Set<Int> = []
        for round in 0..<40 {
            let kind = Int.random(in: 0..<5, using: &generator)
            let value = Int.random(in: 0..<1_000, using: &generator)
            let group = ["A", "B", "C", "D"][value % 4]
            kinds.insert(kind)
            try await writer.perform { () throws in
                switch kind {
                case 0:
                    let rows: [[String: any AttributeValue]] = (0..<(1 + value % 20)).map { ["title": "r\(round)-\($0)", "group": ["A", "B", "C", "D"][($0 + value) % 4], "score": ($0 * 37 + value) % 100] }
                    try writer.execute(BatchInsertRequest<Match>(objects: rows))
                case 1:
                    var request = BatchUpdateRequest<Match>(predicate: try FetchPredicate(format: "group == %@", group))
                    request.set(\.score, to: value % 100)
                    try writer.execute(request)
                case 2:
                    var request = BatchUpdateRequest<Match>(predicate: try FetchPredicate(format: "score < %@", value % 50))
                    request.set(\.group, to: group)
                    try writer.execute(request)
                case 3:
                    try writer.execute(BatchDeleteRequest<Match>(predicate: try FetchPredicate(format: "group == %@ AND score > %@", group, value % 100)))
                default:
                    // A sport with matches of its own, then the sport deleted: its cascade rule deletes them.
                    try writer.execute(BatchInsertRequest<Sport>(objects: [["name": "s\(round)"]]))
                    let sport = try writer.fetch(Sport.self).first { $0.name == "s\(round)" }!
                    for index in 0..<3 { try writer.insertMatch("s\(round)-\(index)", group: group, score: index, sport: sport) }
                    try writer.save()
                    try writer.execute(BatchDeleteRequest<Sport>(predicate: try FetchPredicate(format: "name == %@", "s\(round)")))
                }
            }
            try await settle(controller, on: follower, "seed \(TestEnvironment.describe(seed: seed)) round \(round)")
        }
        try await Task.sleep(for: .milliseconds(20))
        let delivered = log.deliveries
        let seedText = TestEnvironment.describe(seed: seed)
        #expect(kinds.count == 5, "seed \(seedText): every kind of request ran")
        #expect(!delivered.isEmpty && delivered.allSatisfy { !$0.isResync }, "seed \(seedText)")
        #expect(zip(delivered, delivered.dropFirst()).allSatisfy { $1.previousSnapshot == $0.snapshot }, "seed \(seedText): deliveries chain")
        #expect(delivered.allSatisfy { (try? $0.batchUpdate.validate(from: $0.previousSnapshot, to: $0.snapshot)) != nil }, "seed \(seedText): valid batch updates")
    }
}
