import DiffableSnapshots
import DiffableSupport
import FetchedResults
import Foundation
import ObjectStore
import TestSupport
import Testing

/// Controllers over a context that merges other containers' commits (another container on the
/// same file stands for another process): they follow those commits with no code, and a resync
/// ends in the same results as a fresh fetch.
@Suite(.timeLimit(.minutes(10))) struct RemoteFollowingTests {
    /// Two containers on one new store file: the follower's, and the writer's (tracking history
    /// unless told not to).
    static func containers(writerTracksHistory: Bool = true) throws -> (follower: PersistentContainer, writer: PersistentContainer) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("RemoteFollowing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("Remote.sqlite")
        let follower = try PersistentContainer(name: "Remote", model: TestModel.model, store: StoreDescription(location: .file(url)))
        var writing = StoreDescription(location: .file(url))
        writing.persistentHistoryTracking = writerTracksHistory
        return (follower, try PersistentContainer(name: "Remote", model: TestModel.model, store: writing))
    }

    /// A background context of `container` that merges remote commits, and a controller of its
    /// matches in sections by group, fetched.
    private static func followingController(_ container: PersistentContainer) async throws -> (ManagedObjectContext, FetchedResultsController<Match>, DeliveryLog) {
        let context = container.newBackgroundContext(name: "follower")
        context.automaticallyMergesChangesFromParent = true
        context.automaticallyMergesRemoteChanges = true
        let log = DeliveryLog()
        let (controller, deliveries) = try await context.perform { () throws -> (FetchedResultsController<Match>, AsyncStream<FetchedResultsDelivery<ObjectID>>) in
            let controller = FetchedResultsController<Match>(fetchRequest: try matchRequest(), managedObjectContext: context, sectionNameKeyPath: "group")
            try controller.performFetch()
            return (controller, controller.deliveries())
        }
        log.loop = Task {
            for await delivery in deliveries { log.append(delivery) }
        }
        return (context, controller, log)
    }

    @Test func aControllerFollowsRandomSavesOfAnotherContainer() async throws {
        let seed = TestEnvironment.seed("REMOTE_FOLLOWING_SEED", default: 0x5EED_0026)
        let (followerContainer, writerContainer) = try Self.containers()
        let (context, controller, log) = try await Self.followingController(followerContainer)
        let writer = writerContainer.newBackgroundContext()
        var generator = SplitMix64(seed: seed)
        for _ in 0..<60 {
            let edits = Int.random(in: 1...4, using: &generator)
            let choices = (0..<edits).map { _ in (UInt64.random(in: 0..<100, using: &generator), Int.random(in: 0..<1000, using: &generator)) }
            try await writer.perform {
                let existing = try writer.fetch(try matchRequest())
                for (kind, value) in choices {
                    let group = ["A", "B", "C", "D"][value % 4]
                    guard kind >= 45, !existing.isEmpty else {
                        try writer.insertMatch("m\(value)", group: group, score: value)
                        continue
                    }
                    let match = existing[value % existing.count]
                    guard !match.isDeleted else { continue }
                    if kind < 80 {
                        match.score = value
                        if value % 3 == 0 { match.group = group }
                    } else {
                        writer.delete(match)
                    }
                }
                try writer.save()
            }
        }
        try await settle(controller, on: context)
        try await Task.sleep(for: .milliseconds(20))
        let deliveries = log.deliveries
        #expect(!deliveries.isEmpty, "seed \(seed)")
        #expect(deliveries.allSatisfy { !$0.isResync }, "seed \(seed)")
        #expect(zip(deliveries, deliveries.dropFirst()).allSatisfy { $1.previousSnapshot == $0.snapshot }, "seed \(seed)")
        #expect(deliveries.allSatisfy { (try? $0.batchUpdate.validate(from: $0.previousSnapshot, to: $0.snapshot)) != nil }, "seed \(seed)")
    }

    @Test func commitsMissingFromTheHistoryEndInAResyncDeliveryEqualToAFreshFetch() async throws {
        let (followerContainer, writerContainer) = try Self.containers(writerTracksHistory: false)
        let (context, controller, log) = try await Self.followingController(followerContainer)
        let writer = writerContainer.newBackgroundContext()
        try await writer.perform {
            try writer.insertMatch("a1", group: "A", score: 1)
            try writer.insertMatch("b1", group: "B", score: 1)
            try writer.save()
        }
        try await settle(controller, on: context)
        try await Task.sleep(for: .milliseconds(20))
        let resync = try #require(log.deliveries.last)
        #expect(resync.isResync)
        #expect(resync.snapshot.layout.map(\.count) == [1, 1])
        #expect((try? resync.batchUpdate.validate(from: resync.previousSnapshot, to: resync.snapshot)) != nil)
        #expect(resync.previousSnapshot.numberOfItems == 0)
    }
}

/// Collects a controller's deliveries.
final class DeliveryLog: Sendable {
    private let collected = Locked<[FetchedResultsDelivery<ObjectID>]>([])
    nonisolated(unsafe) var loop: Task<Void, Never>?

    deinit { loop?.cancel() }

    func append(_ delivery: FetchedResultsDelivery<ObjectID>) {
        collected.withLock { $0.append(delivery) }
    }

    var deliveries: [FetchedResultsDelivery<ObjectID>] { collected.withLock { $0 } }
}
