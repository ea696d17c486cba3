import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import TestSupport
import Testing

/// An aggregate controller whose request has sort descriptors shows its groups in that order,
/// and moves a group when its rank changes.
@MainActor @Suite struct AggregateSortingTests {
    static func mostMatchesFirst() throws -> FetchRequest<Match> {
        var request = try liveMatchesPerSport()
        request.sortDescriptors = [FetchSortDescriptor("n", ascending: false)]
        return request
    }

    /// The sport names of the controller's groups, in order.
    static func names(_ controller: FetchedAggregateController<Match>) -> [String?] {
        (controller.groups ?? []).map { $0["sport.name"] as? String }
    }

    @Test func groupsComeInTheRequestsOrderAndMoveWhenTheirRankChanges() throws {
        let (container, sports, matches) = try AggregateControllerTests.seeded()
        let context = container.viewContext
        let controller = try FetchedAggregateController(fetchRequest: try Self.mostMatchesFirst(), managedObjectContext: context)
        let delegate = ValidatingAggregateDelegate<Match>()
        controller.delegate = delegate
        try controller.performFetch()
        #expect(Self.names(controller) == ["Football", "Tennis"])

        for title in ["t2", "t3"] { try context.insertMatch(title, score: 1, sport: sports["Tennis"]).isLive = true }
        context.processPendingChanges()
        #expect(Self.names(controller) == ["Tennis", "Football"])
        #expect(try controller.showsAFreshFetch())
        #expect(delegate.summary.moves == 1)

        matches[0].score = 40
        context.processPendingChanges()
        #expect(Self.names(controller) == ["Tennis", "Football"], "a change that keeps the rank moves nothing")
        #expect(delegate.summary.moves == 1)

        try context.insertMatch("c1", score: 1, sport: sports["Chess"]).isLive = true
        matches[3].isLive = false
        context.processPendingChanges()
        #expect(Self.names(controller) == ["Football", "Tennis", "Chess"], "ties in ascending key order")
        #expect(try controller.showsAFreshFetch())
        #expect(controller.snapshot.itemIdentifiers == controller.groups?.map(\.id))
        #expect(delegate.summary.deliveries == 4)
        #expect(delegate.summary.failures == [])
    }

    @Test func aSortByTheAggregateValueFollowsSums() throws {
        let (container, _, matches) = try AggregateControllerTests.seeded()
        let context = container.viewContext
        var request = try liveMatchesPerSport()
        request.sortDescriptors = [FetchSortDescriptor("total")]
        let controller = try FetchedAggregateController(fetchRequest: request, managedObjectContext: context)
        let delegate = ValidatingAggregateDelegate<Match>()
        controller.delegate = delegate
        try controller.performFetch()
        #expect(Self.names(controller) == ["Football", "Tennis"])
        matches[1].score = 9
        context.processPendingChanges()
        #expect(Self.names(controller) == ["Tennis", "Football"])
        try context.save()
        #expect(try controller.showsAFreshFetch())
        #expect(delegate.summary.failures == [])
        #expect(delegate.summary.moves == 1)
    }
}
