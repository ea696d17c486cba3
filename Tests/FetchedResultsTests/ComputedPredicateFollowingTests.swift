import FetchedResults
import Foundation
import ObjectStore
import Testing
import TestSupport

/// Controllers follow changes to what `SUBQUERY(…).@count` and `.@sum`, collection operators (`@max` of
/// strings too), arithmetic (unary minus too) and functions read through relationships: a member's value, a member inserted, deleted or moved to another
/// owner, a to-one destination's value.
@MainActor @Suite struct ComputedPredicateFollowingTests {
    /// Sports Football and Tennis, each with matches of the given scores (saved).
    private func store(football: [Int], tennis: [Int]) throws -> (PersistentContainer, Sport, Sport, [Match]) {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let footballSport = try context.insertSport("Football")
        let tennisSport = try context.insertSport("Tennis")
        var matches: [Match] = []
        for (index, score) in football.enumerated() { matches.append(try context.insertMatch("f\(index)", score: score, sport: footballSport)) }
        for (index, score) in tennis.enumerated() { matches.append(try context.insertMatch("t\(index)", score: score, sport: tennisSport)) }
        try context.save()
        return (container, footballSport, tennisSport, matches)
    }

    private func sportController(_ format: String, _ context: ManagedObjectContext) throws -> FetchedResultsController<Sport> {
        var request = FetchRequest<Sport>(predicate: try FetchPredicate(format: format))
        request.sortDescriptors = [FetchSortDescriptor(\.name)]
        let controller = FetchedResultsController<Sport>(fetchRequest: request, managedObjectContext: context)
        try controller.performFetch()
        return controller
    }

    /// Waits until the controller shows `names` and they are what a fresh fetch returns.
    private func expectShows(_ controller: FetchedResultsController<Sport>, _ names: [String], _ label: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        await eventually(within: mainActorPatience / .seconds(1), sourceLocation: sourceLocation) { controller.fetchedObjects?.map(\.name) == names }
        let fresh = try controller.managedObjectContext.fetch(controller.fetchRequest).map(\.name)
        #expect(fresh == names, "\(label): a fresh fetch returns \(fresh)", sourceLocation: sourceLocation)
    }

    @Test func aSportEntersASubqueryCountWhenOneOfItsMatchesScoreChanges() async throws {
        let (container, _, _, matches) = try store(football: [1, 2], tennis: [3])
        let context = container.viewContext
        let controller = try sportController("SUBQUERY(#matches, $m, $m.score > 10 AND $m.isLive == NO).@count > 0", context)
        #expect(controller.fetchedObjects?.isEmpty == true)
        matches[1].score = 11
        try context.save()
        try await expectShows(controller, ["Football"], "after a football match scored 11")
        matches[1].isLive = true
        try context.save()
        try await expectShows(controller, [], "after the match went live")
    }

    @Test func aSubquerySumFollowsTheMembersItsPredicateSelectsAndTheirValues() async throws {
        let (container, football, _, matches) = try store(football: [4, 5], tennis: [9])
        let context = container.viewContext
        let controller = try sportController("SUBQUERY(#matches, $m, $m.isLive == YES).@sum.score > 8", context)
        #expect(controller.fetchedObjects?.isEmpty == true)
        matches[0].isLive = true
        matches[1].isLive = true
        try context.save()
        try await expectShows(controller, ["Football"], "after both football matches went live")
        matches[2].isLive = true
        matches[0].score = 3
        try context.save()
        try await expectShows(controller, ["Tennis"], "after a tennis match went live and a football score fell")
        try context.insertMatch("f2", score: 1, sport: football).isLive = true
        try context.save()
        try await expectShows(controller, ["Football", "Tennis"], "after a live football match was inserted")
    }

    @Test func aSumFollowsMatchesInsertedDeletedAndMovedToAnotherSport() async throws {
        let (container, football, tennis, matches) = try store(football: [4, 4], tennis: [9])
        let context = container.viewContext
        let controller = try sportController("#matches.@sum.score > 10", context)
        #expect(controller.fetchedObjects?.isEmpty == true)
        let inserted = try context.insertMatch("f2", score: 5, sport: football)
        try context.save()
        try await expectShows(controller, ["Football"], "after inserting a football match")
        inserted.sport = tennis
        try context.save()
        try await expectShows(controller, ["Tennis"], "after moving it to tennis")
        context.delete(matches[2])
        try context.save()
        try await expectShows(controller, [], "after deleting the other tennis match")
    }

    @Test func anAverageAndArithmeticFollowChangesSavedInAnotherContext() async throws {
        let (container, _, _, matches) = try store(football: [2, 4], tennis: [])
        let context = container.viewContext
        let controller = try sportController("#matches.@avg.score * 2 >= 8 OR #matches.@count == 0", context)
        #expect(controller.fetchedObjects?.map(\.name) == ["Tennis"])
        let writer = container.newBackgroundContext()
        let id = matches[0].objectID
        try writer.performAndWait {
            try writer.existingObject(with: id, as: Match.self).score = 6
            try writer.save()
        }
        try await expectShows(controller, ["Football", "Tennis"], "after the average rose to 5")
    }

    @Test func aSportFollowsTheLargestTitleOfItsMatches() async throws {
        let (container, football, _, matches) = try store(football: [1, 2], tennis: [3])
        let context = container.viewContext
        let controller = try sportController("#matches.@max.title BEGINSWITH[c] 'z' OR -#matches.@min.score > -2", context)
        #expect(controller.fetchedObjects?.map(\.name) == ["Football"])
        matches[2].title = "Zero"
        try context.save()
        try await expectShows(controller, ["Football", "Tennis"], "after a tennis match was renamed Zero")
        matches[0].score = 5
        try context.save()
        try await expectShows(controller, ["Tennis"], "after football's lowest score rose to 2")
        _ = try context.insertMatch("zz", score: 9, sport: football)
        try context.save()
        try await expectShows(controller, ["Football", "Tennis"], "after a football match titled zz was added")
    }

    @Test func matchesFollowFunctionsOfTheirKeysAndOfTheirSport() async throws {
        let (container, football, _, matches) = try store(football: [3, 6], tennis: [5])
        let context = container.viewContext
        var request = FetchRequest<Match>(predicate: try FetchPredicate(format: "modulus:by:(score, 2) == 1 AND lowercase(sport.name) != 'football'"))
        request.sortDescriptors = [FetchSortDescriptor(\.title)]
        let controller = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: context)
        try controller.performFetch()
        #expect(controller.fetchedObjects?.map(\.title) == ["t0"])
        football.name = "Soccer"
        try context.save()
        await eventually(within: mainActorPatience / .seconds(1)) { controller.fetchedObjects?.map(\.title) == ["f0", "t0"] }
        matches[1].score = 7
        matches[2].score = 4
        try context.save()
        await eventually(within: mainActorPatience / .seconds(1)) { controller.fetchedObjects?.map(\.title) == ["f0", "f1"] }
        #expect(try context.fetch(request).map(\.title) == ["f0", "f1"])
    }

    @Test func matchesFollowArithmeticThroughTheirSport() async throws {
        let (container, football, _, _) = try store(football: [3, 6], tennis: [6])
        let context = container.viewContext
        var request = FetchRequest<Match>(predicate: try FetchPredicate(format: "score * 2 - sport.rank > 8"))
        request.sortDescriptors = [FetchSortDescriptor(\.title)]
        let controller = FetchedResultsController<Match>(fetchRequest: request, managedObjectContext: context)
        try controller.performFetch()
        #expect(controller.fetchedObjects?.map(\.title) == ["f1", "t0"])
        football.rank = 4
        try context.save()
        await eventually(within: mainActorPatience / .seconds(1)) { controller.fetchedObjects?.map(\.title) == ["t0"] }
        #expect(try context.fetch(request).map(\.title) == ["t0"])
    }
}
