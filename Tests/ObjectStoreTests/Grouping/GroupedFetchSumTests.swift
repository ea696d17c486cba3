import Foundation
import ObjectStore
import StoreBackends
import Testing

/// Sums and averages of grouped fetches are exact and agree to the last bit between the store's
/// SQL and memory; an integer sum past `Int64` is one typed error on every path.
@Suite struct GroupedFetchSumTests {
    /// Football events with `ratios` and `attendances`, saved.
    static func footballEvents(_ context: ManagedObjectContext, ratios: [Double] = [], attendances: [Int] = []) throws {
        let football = try context.insert(Sport.self)
        football.name = "Football"
        try context.insert(Sport.self).name = "Chess"
        for index in 0..<max(ratios.count, attendances.count) {
            let event = try context.insert(Event.self)
            event.code = "f\(index)"
            event.title = "F\(index)"
            event.ratio = index < ratios.count ? ratios[index] : 0
            event.attendance = index < attendances.count ? attendances[index] : 0
            event.sport = football
        }
        try context.save()
    }

    static func sums() -> FetchRequest<Event> {
        var request = FetchRequest<Event>()
        request.resultType = .dictionaries
        request.propertiesToGroupBy = ["sport.name"]
        request.propertiesToFetch = ["sport.name", .sum(\.ratio, as: "ratios"), .average(\.ratio, as: "mean"), .sum(\.attendance, as: "total"), .average(\.attendance, as: "meanAttendance")]
        return request
    }

    /// An unsaved event of Chess, so that the next fetch folds in memory.
    static func pendingChess(_ context: ManagedObjectContext) throws {
        let event = try context.insert(Event.self)
        event.code = "c"
        event.sport = try context.fetch(FetchRequest<Sport>(where: \.name, equals: "Chess")).first!
    }

    @Test(arguments: StoreBackend.all) func doubleSumsAreTheExactTotalRoundedOnceInSQLAndInMemory(_ backend: StoreBackend) async throws {
        let context = try await TestModel.container(on: backend).newBackgroundContext()
        let (saved, pending) = try await context.perform { () throws in
            try Self.footballEvents(context, ratios: [1e16, 1.0, -1e16, 0.1, 0.2])
            var exact = Self.sums()
            exact.havingPredicate = try FetchPredicate(format: "ratios == 1.3")
            let saved = try context.fetchDictionaries(exact)
            try Self.pendingChess(context)
            return (saved, try context.fetchDictionaries(exact))
        }
        let football = try #require(saved.first { $0["sport.name"] as? String == "Football" })
        #expect(football["ratios"] as? Double == 1.3, "a running double sum gives 0.30000000000000004")
        #expect(football["mean"] as? Double == 1.3 / 5)
        #expect(GroupedFetchTests.described(pending).filter { $0["sport.name"] == "Football" } == GroupedFetchTests.described([football]))
    }

    @Test(arguments: StoreBackend.all) func anIntegerSumPastInt64IsOneTypedErrorOnEveryPath(_ backend: StoreBackend) async throws {
        let context = try await TestModel.container(on: backend).newBackgroundContext()
        let failures = try await context.perform { () throws in
            try Self.footballEvents(context, attendances: [Int.max, 1])
            var failures: [String] = []
            for pending in [false, true] {
                if pending { try Self.pendingChess(context) }
                do {
                    _ = try context.fetchDictionaries(Self.sums())
                    failures.append("no error")
                } catch ObjectStoreError.integerSumOverflow(let entity, let column) {
                    failures.append("\(entity).\(column)")
                }
            }
            return failures
        }
        #expect(failures == ["Event.total", "Event.total"])
        #expect(ObjectStoreError.integerSumOverflow(entity: "Event", column: "total").description.contains("The sum total of the Event objects of a group passes the range of a 64-bit integer"))
    }

    @Test(arguments: StoreBackend.all) func anIntegerSumPastInt64FailsEvenInAGroupTheHavingPredicateLeavesOut(_ backend: StoreBackend) async throws {
        let context = try await TestModel.container(on: backend).newBackgroundContext()
        let failures = try await context.perform { () throws in
            try Self.footballEvents(context, attendances: [Int.max, 1])
            var request = FetchRequest<Event>()
            request.resultType = .dictionaries
            request.propertiesToGroupBy = ["sport.name"]
            request.propertiesToFetch = ["sport.name", .sum(\.attendance, as: "total"), .count(as: "n")]
            request.havingPredicate = try FetchPredicate(format: "n > 5")
            var failures: [String] = []
            for pending in [false, true] {
                if pending { try Self.pendingChess(context) }
                do {
                    failures.append("\(try context.fetchDictionaries(request).count) rows")
                } catch ObjectStoreError.integerSumOverflow(let entity, let column) {
                    failures.append("\(entity).\(column)")
                }
            }
            return failures
        }
        #expect(failures == ["Event.total", "Event.total"])
    }

    @Test(arguments: StoreBackend.all) func anIntegerSumThatPassesInt64OnTheWayAndComesBackIsExact(_ backend: StoreBackend) async throws {
        let context = try await TestModel.container(on: backend).newBackgroundContext()
        let totals = try await context.perform { () throws in
            try Self.footballEvents(context, attendances: [Int.max, 1, -1, Int.max, -Int.max])
            let saved = try context.fetchDictionaries(Self.sums()).compactMap { $0["total"] as? Int }
            try Self.pendingChess(context)
            return (saved, try context.fetchDictionaries(Self.sums()).compactMap { $0["total"] as? Int })
        }
        #expect(totals.0 == [Int.max])
        #expect(totals.1 == [0, Int.max])
    }
}
