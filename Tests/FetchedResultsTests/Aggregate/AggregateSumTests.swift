import FetchedResults
import Foundation
import ObjectStore
import TestSupport
import Testing

/// An aggregate controller's integer sums overflow as the grouped fetch does: one typed error,
/// reported while following, gone once the total fits again.
@MainActor @Suite struct AggregateSumTests {
    static func isOverflowOfTotal(_ error: FetchedResultsError?) -> Bool {
        guard case .store(.integerSumOverflow(entity: "Match", column: "total"))? = error else { return false }
        return true
    }

    @Test func aFetchWhoseIntegerSumPassesInt64ThrowsTheTypedError() throws {
        let (container, sports, _) = try AggregateControllerTests.seeded()
        let context = container.viewContext
        try context.insertMatch("huge", score: .max, sport: sports["Football"]).isLive = true
        let controller = try FetchedAggregateController(fetchRequest: try liveMatchesPerSport(), managedObjectContext: context)
        #expect(throws: FetchedResultsError.self) { try controller.performFetch() }
        do {
            try controller.performFetch()
        } catch {
            #expect(Self.isOverflowOfTotal(error))
        }
    }

    @Test func aFollowedSumThatOverflowsReportsTheErrorUntilItFitsAgain() throws {
        let (container, sports, _) = try AggregateControllerTests.seeded()
        let context = container.viewContext
        let controller = try FetchedAggregateController(fetchRequest: try liveMatchesPerSport(), managedObjectContext: context)
        try controller.performFetch()
        let huge = try context.insertMatch("huge", score: .max - 3, sport: sports["Football"])
        huge.isLive = true
        context.processPendingChanges()
        #expect(controller.lastError == nil, "Football's total is Int.max exactly")
        #expect(try controller.showsAFreshFetch())

        let more = try context.insertMatch("more", score: 1, sport: sports["Football"])
        more.isLive = true
        context.processPendingChanges()
        #expect(Self.isOverflowOfTotal(controller.lastError))

        context.delete(more)
        context.processPendingChanges()
        #expect(controller.lastError == nil)
        #expect(try controller.showsAFreshFetch())
    }
}
