import DiffableSnapshots
import FetchedResults
import Foundation
import ObjectStore
import TestSupport
import Testing

/// An aggregate controller keeps its groups equal to a fresh grouped fetch through every kind of
/// change, adjusting only the groups a change touches.
@MainActor @Suite struct AggregateControllerTests {
    /// A view context with Football (live scores 1, 2; one not live) and Tennis (live 5).
    static func seeded() throws -> (PersistentContainer, [String: Sport], [Match]) {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let football = try context.insertSport("Football")
        let tennis = try context.insertSport("Tennis")
        let chess = try context.insertSport("Chess")
        let matches = [
            try context.insertMatch("f1", score: 1, sport: football),
            try context.insertMatch("f2", score: 2, sport: football),
            try context.insertMatch("f3", score: 3, sport: football),
            try context.insertMatch("t1", score: 5, sport: tennis),
        ]
        for match in matches where match.title != "f3" { match.isLive = true }
        try context.save()
        return (container, ["Football": football, "Tennis": tennis, "Chess": chess], matches)
    }

    @Test func theFirstDeliveryHoldsOneItemPerGroupInKeyOrder() throws {
        let (container, _, _) = try Self.seeded()
        let controller = try FetchedAggregateController(fetchRequest: try liveMatchesPerSport(), managedObjectContext: container.viewContext)
        #expect(controller.groups == nil)
        try controller.performFetch()
        #expect(controller.describedGroups == [
            ["sport.name": "Football", "n": "2", "total": "3", "low": "1", "high": "2", "mean": "1.5"],
            ["sport.name": "Tennis", "n": "1", "total": "5", "low": "5", "high": "5", "mean": "5.0"],
        ])
        let football = try #require(controller.groups?.first)
        #expect(controller.value(of: "n", in: football.id) as? Int == 2)
        #expect(football.value("mean", as: Double.self) == 1.5)
        #expect(controller.snapshot.itemIdentifiers == controller.groups?.map(\.id))
        #expect(controller.generation == 1)
    }

    @Test func insertsUpdatesDeletesAndRelinksAdjustOnlyTheirGroups() throws {
        let (container, sports, matches) = try Self.seeded()
        let context = container.viewContext
        let controller = try FetchedAggregateController(fetchRequest: try liveMatchesPerSport(), managedObjectContext: context)
        try controller.performFetch()
        let delegate = AggregateDelegate()
        controller.delegate = delegate

        matches[0].score = 10
        context.processPendingChanges()
        #expect(try controller.showsAFreshFetch())
        let footballID = try #require(controller.groups?.first?.id)
        #expect(delegate.deliveries.last?.changedGroups == [footballID])
        #expect(delegate.deliveries.last?.snapshot.reconfiguredItemIdentifiers == [footballID])

        matches[3].sport = sports["Chess"]
        context.processPendingChanges()
        #expect(controller.groups?.compactMap { $0["sport.name"] as? String } == ["Chess", "Football"])

        try context.insertMatch("t2", score: 7, sport: sports["Tennis"]).isLive = true
        context.delete(matches[1])
        matches[2].isLive = true
        context.processPendingChanges()
        #expect(try controller.showsAFreshFetch())
        #expect(controller.groups?.compactMap { $0["sport.name"] as? String } == ["Chess", "Football", "Tennis"])

        try context.save()
        #expect(try controller.showsAFreshFetch())
        let last = try #require(delegate.deliveries.last)
        #expect((try? last.batchUpdate.validate(from: last.previousSnapshot, to: last.snapshot)) != nil)
        #expect(zip(delegate.deliveries, delegate.deliveries.dropFirst()).allSatisfy { $1.previousSnapshot == $0.snapshot })
    }

    @Test func renamingASportMovesItsMatchesToTheRenamedGroup() throws {
        let (container, sports, _) = try Self.seeded()
        let context = container.viewContext
        let controller = try FetchedAggregateController(fetchRequest: try liveMatchesPerSport(), managedObjectContext: context)
        try controller.performFetch()
        sports["Football"]?.name = "Soccer"
        context.processPendingChanges()
        #expect(controller.groups?.compactMap { $0["sport.name"] as? String } == ["Soccer", "Tennis"])
        #expect(try controller.showsAFreshFetch())
        try context.save()
        #expect(try controller.showsAFreshFetch())
    }

    @Test func aHavingPredicateShowsAGroupOnlyWhileItSatisfiesIt() throws {
        let (container, sports, matches) = try Self.seeded()
        let context = container.viewContext
        let controller = try FetchedAggregateController(fetchRequest: try liveMatchesPerSport(having: "n >= 2"), managedObjectContext: context)
        try controller.performFetch()
        #expect(controller.groups?.compactMap { $0["sport.name"] as? String } == ["Football"])
        try context.insertMatch("t2", score: 1, sport: sports["Tennis"]).isLive = true
        matches[0].isLive = false
        context.processPendingChanges()
        #expect(controller.groups?.compactMap { $0["sport.name"] as? String } == ["Tennis"])
        #expect(try controller.showsAFreshFetch())
    }

    @Test func aResetReadsTheGroupsAgain() throws {
        let (container, _, matches) = try Self.seeded()
        let context = container.viewContext
        let controller = try FetchedAggregateController(fetchRequest: try liveMatchesPerSport(), managedObjectContext: context)
        try controller.performFetch()
        matches[0].isLive = false
        context.processPendingChanges()
        #expect(controller.groups?.first?["n"] as? Int == 1)
        context.reset()
        #expect(controller.groups?.first?["n"] as? Int == 2)
        #expect(try controller.showsAFreshFetch())
    }

    @Test func groupsWithoutAGroupKeyAreOneAlwaysPresentGroup() throws {
        let (container, _, matches) = try Self.seeded()
        let context = container.viewContext
        var request = try liveMatchesPerSport()
        request.propertiesToGroupBy = nil
        request.propertiesToFetch = [.count(\.title, as: "n"), .sum(\.score, as: "total")]
        let controller = try FetchedAggregateController(fetchRequest: request, managedObjectContext: context)
        try controller.performFetch()
        #expect(controller.describedGroups == [["n": "3", "total": "8"]])
        for match in matches { context.delete(match) }
        context.processPendingChanges()
        #expect(controller.describedGroups == [["n": "0"]])
    }

    @Test func observedResultsFollowAnAggregateController() throws {
        let (container, _, matches) = try Self.seeded()
        let context = container.viewContext
        let controller = try FetchedAggregateController(fetchRequest: try liveMatchesPerSport(), managedObjectContext: context)
        try controller.performFetch()
        let results = ObservedResults(controller)
        #expect(results.generation == 1)
        #expect(results.snapshot.numberOfItems == 2)
        let list = TrackingCounter()
        list.track { _ = results.snapshot }
        matches[3].isLive = false
        context.processPendingChanges()
        #expect(list.count == 1)
        #expect(results.generation == 2)
        #expect(results.snapshot.numberOfItems == 1)
        #expect(results.delivery?.groups.first?["sport.name"] as? String == "Football")
    }
}

/// Records an aggregate controller's deliveries.
final class AggregateDelegate: FetchedAggregateControllerDelegate {
    private(set) var deliveries: [AggregateDelivery] = []

    func controller(_ controller: FetchedAggregateController<Match>, didChangeGroupsWith delivery: AggregateDelivery) {
        deliveries.append(delivery)
    }
}
