import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import TestSupport
import Testing

/// An aggregate controller over a context that merges another container's commits (another
/// container on the same file stands for another process) follows them, and a resync after
/// commits the history lacks ends in the groups of a fresh fetch.
@Suite(.timeLimit(.minutes(10))) struct AggregateRemoteTests {
    /// A sorted aggregate controller on a background context of `container` that merges remote
    /// commits, fetched, with the log of its deliveries.
    private static func follower(_ container: PersistentContainer) async throws -> (FetchedAggregateController<Match>, AggregateDeliveryLog) {
        let context = container.newBackgroundContext(name: "follower")
        context.automaticallyMergesChangesFromParent = true
        context.automaticallyMergesRemoteChanges = true
        let log = AggregateDeliveryLog()
        let (controller, deliveries) = try await context.perform { () throws in
            var request = try liveMatchesPerSport(includesPendingChanges: false)
            request.sortDescriptors = [FetchSortDescriptor("n", ascending: false)]
            let controller = try FetchedAggregateController(fetchRequest: request, managedObjectContext: context)
            try controller.performFetch()
            return (controller, controller.deliveries())
        }
        log.loop = Task {
            for await delivery in deliveries { log.append(delivery) }
        }
        return (controller, log)
    }

    /// Live matches saved by `writer`: `counts` matches per sport.
    private static func save(_ counts: [String: Int], by writer: ManagedObjectContext) async throws {
        try await writer.perform {
            for (name, count) in counts.sorted(by: { $0.key < $1.key }) {
                var sport = try writer.fetch(FetchRequest<Sport>(where: \.name, equals: name)).first
                if sport == nil { sport = try writer.insertSport(name) }
                for index in 0..<count { try writer.insertMatch("\(name)\(index)-\(UUID().uuidString.prefix(4))", score: index, sport: sport).isLive = true }
            }
            try writer.save()
        }
    }

    @Test func savesOfAnotherContainerReachTheGroupsAndMoveThem() async throws {
        let (followerContainer, writerContainer) = try RemoteFollowingTests.containers()
        let (controller, log) = try await Self.follower(followerContainer)
        let writer = writerContainer.newBackgroundContext()
        try await Self.save(["Football": 2, "Tennis": 1], by: writer)
        try await settle(controller, "first save")
        try await Self.save(["Tennis": 3], by: writer)
        try await settle(controller, "tennis passes football")
        try await Task.sleep(for: .milliseconds(20))
        let deliveries = log.deliveries
        #expect(deliveries.last?.groups.compactMap { $0["sport.name"] as? String } == ["Tennis", "Football"])
        #expect(deliveries.allSatisfy { !$0.isResync })
        #expect(deliveries.contains { !$0.batchUpdate.itemMoves.isEmpty })
        #expect(zip(deliveries, deliveries.dropFirst()).allSatisfy { $1.previousSnapshot == $0.snapshot })
        #expect(deliveries.allSatisfy { (try? $0.batchUpdate.validate(from: $0.previousSnapshot, to: $0.snapshot)) != nil })
        log.loop?.cancel()
    }

    @Test func commitsMissingFromTheHistoryEndInAResyncDeliveryEqualToAFreshFetch() async throws {
        let (followerContainer, writerContainer) = try RemoteFollowingTests.containers(writerTracksHistory: false)
        let (controller, log) = try await Self.follower(followerContainer)
        try await Self.save(["Football": 2, "Tennis": 1], by: writerContainer.newBackgroundContext())
        try await settle(controller, "resync")
        try await Task.sleep(for: .milliseconds(20))
        let resync = try #require(log.deliveries.last)
        #expect(resync.isResync)
        #expect(resync.groups.compactMap { $0["sport.name"] as? String } == ["Football", "Tennis"])
        #expect(resync.previousSnapshot.numberOfItems == 0)
        #expect((try? resync.batchUpdate.validate(from: resync.previousSnapshot, to: resync.snapshot)) != nil)
        log.loop?.cancel()
    }
}
