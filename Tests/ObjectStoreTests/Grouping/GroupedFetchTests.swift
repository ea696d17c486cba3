import Foundation
import ObjectStore
import StoreBackends
import Testing

/// Grouped dictionary fetches (`propertiesToGroupBy`, expressions, `havingPredicate`,
/// `returnsDistinctResults`) give the same rows on every store, in SQL and in memory.
@Suite struct GroupedFetchTests {
    /// Football: 3 events (2 live, attendances 10, 20, 30, ratios 0.5, 1.5, 2.5, one note);
    /// Tennis: 1 event (live, attendance 5, ratio 4); Chess: none; one event without a sport.
    static func seeded(_ context: ManagedObjectContext) throws {
        let football = try context.insert(Sport.self)
        football.name = "Football"
        let tennis = try context.insert(Sport.self)
        tennis.name = "Tennis"
        try context.insert(Sport.self).name = "Chess"
        for (index, attendance) in [10, 20, 30].enumerated() {
            let event = try context.insert(Event.self)
            event.title = "F\(index)"
            event.code = "f\(index)"
            event.attendance = attendance
            event.ratio = Double(index) + 0.5
            event.isLive = index < 2
            event.note = index == 0 ? "opening" : nil
            event.sport = football
        }
        let match = try context.insert(Event.self)
        match.title = "T0"
        match.code = "t0"
        match.attendance = 5
        match.ratio = 4
        match.isLive = true
        match.sport = tennis
        let loose = try context.insert(Event.self)
        loose.title = "L0"
        loose.code = "l0"
        loose.attendance = 1
        try context.save()
    }

    static func perSport() -> FetchRequest<Event> {
        var request = FetchRequest<Event>()
        request.resultType = .dictionaries
        request.propertiesToGroupBy = ["sport.name"]
        request.propertiesToFetch = [
            "sport.name", .count(\.title, as: "n"), .count(\.note, as: "notes"), .sum(\.attendance, as: "total"),
            .min(\.attendance, as: "least"), .max("attendance", as: "most"), .average(\.ratio, as: "meanRatio"), .sum(\.ratio, as: "ratios"),
        ]
        return request
    }

    /// The rows with each value written out, for comparing.
    static func described(_ rows: [[String: any Sendable]]) -> [[String: String]] {
        rows.map { $0.mapValues { "\($0)" } }
    }

    @Test(arguments: StoreBackend.all) func countsSumsMinimumsMaximumsAndAveragesPerGroupInKeyOrder(_ backend: StoreBackend) async throws {
        let context = try await TestModel.container(on: backend).newBackgroundContext()
        let rows = try await context.perform { () throws in
            try Self.seeded(context)
            return try context.fetchDictionaries(Self.perSport())
        }
        #expect(Self.described(rows) == [
            ["n": "1", "notes": "0", "total": "1", "least": "1", "most": "1", "meanRatio": "0.0", "ratios": "0.0"],
            ["sport.name": "Football", "n": "3", "notes": "1", "total": "60", "least": "10", "most": "30", "meanRatio": "1.5", "ratios": "4.5"],
            ["sport.name": "Tennis", "n": "1", "notes": "0", "total": "5", "least": "5", "most": "5", "meanRatio": "4.0", "ratios": "4.0"],
        ])
        #expect(rows[1]["total"] is Int && rows[1]["meanRatio"] is Double && rows[1]["n"] is Int)
    }

    @Test(arguments: StoreBackend.all) func havingPredicateKeepsTheGroupsWhoseAggregatesSatisfyIt(_ backend: StoreBackend) async throws {
        let context = try await TestModel.container(on: backend).newBackgroundContext()
        let names = try await context.perform { () throws in
            try Self.seeded(context)
            var request = Self.perSport()
            request.predicate = try FetchPredicate(format: "isLive == YES")
            request.havingPredicate = try FetchPredicate(format: "n >= 1 AND NOT (total > 50) AND sport.name != nil")
            let live = try context.fetchDictionaries(request).map { $0["sport.name"] as? String }
            request.havingPredicate = try FetchPredicate(format: "total > 25 OR sport.name == %@", "Chess")
            let large = try context.fetchDictionaries(request).map { $0["sport.name"] as? String }
            return (live, large)
        }
        #expect(names.0 == ["Football", "Tennis"])
        #expect(names.1 == ["Football"])
    }

    @Test(arguments: StoreBackend.all) func distinctResultsListEachCombinationOnceInOrder(_ backend: StoreBackend) async throws {
        let context = try await TestModel.container(on: backend).newBackgroundContext()
        let rows = try await context.perform { () throws in
            try Self.seeded(context)
            var request = FetchRequest<Event>()
            request.resultType = .dictionaries
            request.returnsDistinctResults = true
            request.propertiesToFetch = ["isLive", "sport.name"]
            return try context.fetchDictionaries(request)
        }
        #expect(Self.described(rows) == [
            ["isLive": "false"], ["isLive": "false", "sport.name": "Football"],
            ["isLive": "true", "sport.name": "Football"], ["isLive": "true", "sport.name": "Tennis"],
        ])
    }

    @Test(arguments: StoreBackend.all) func expressionsWithoutGroupingAggregateEveryObjectAndGiveOneRowForNone(_ backend: StoreBackend) async throws {
        let context = try await TestModel.container(on: backend).newBackgroundContext()
        let (all, none) = try await context.perform { () throws in
            try Self.seeded(context)
            var request = FetchRequest<Event>()
            request.resultType = .dictionaries
            request.propertiesToFetch = [.count(\.title, as: "n"), .sum(\.attendance, as: "total"), .max(\.title, as: "last")]
            let all = try context.fetchDictionaries(request)
            request.predicate = try FetchPredicate(format: "attendance > 1000")
            return (all, try context.fetchDictionaries(request))
        }
        #expect(Self.described(all) == [["n": "5", "total": "66", "last": "T0"]])
        #expect(Self.described(none) == [["n": "0"]])
    }

    @Test(arguments: StoreBackend.all) func groupingByARelationshipGivesObjectIDsAndLimitsCountGroups(_ backend: StoreBackend) async throws {
        let context = try await TestModel.container(on: backend).newBackgroundContext()
        try await context.perform { () throws in
            try Self.seeded(context)
            let football = try context.fetch(FetchRequest<Sport>(where: \.name, equals: "Football")).first!
            var request = FetchRequest<Event>()
            request.resultType = .dictionaries
            request.propertiesToGroupBy = [FetchKeyPath(\.sport)]
            request.propertiesToFetch = [FetchKeyPath(\.sport), .count(\.title, as: "n")]
            request.fetchOffset = 1
            request.fetchLimit = 1
            let rows = try context.fetchDictionaries(request)
            #expect(rows.count == 1)
            #expect(rows.first?["sport"] as? ObjectID == football.objectID)
            #expect(rows.first?["n"] as? Int == 3)
        }
    }

    @Test(arguments: StoreBackend.all) func pendingChangesAreGroupedInMemoryAsTheStoreGroupsThemOnceSaved(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.newBackgroundContext()
        var having = Self.perSport()
        having.havingPredicate = try FetchPredicate(format: "n > 0")
        let request = having
        let pending = try await context.perform { () throws in
            try Self.seeded(context)
            let events = try context.fetch(FetchRequest<Event>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.title)]))
            let tennis = try context.fetch(FetchRequest<Sport>(where: \.name, equals: "Tennis")).first!
            events[0].sport = tennis
            events[1].attendance = 7
            events[2].note = "late"
            context.delete(events[3])
            let extra = try context.insert(Event.self)
            extra.code = "x"
            extra.title = "X"
            extra.attendance = -3
            extra.ratio = 0.25
            extra.sport = try context.fetch(FetchRequest<Sport>(where: \.name, equals: "Chess")).first!
            let pending = try context.fetchDictionaries(request)
            try context.save()
            return pending
        }
        let fresh = container.newBackgroundContext()
        let saved = try await fresh.perform { () throws in try fresh.fetchDictionaries(request) }
        #expect(Self.described(pending) == Self.described(saved))
        #expect(pending.map { $0["sport.name"] as? String } == ["Chess", "Football", "Tennis"])
    }

    @Test(arguments: StoreBackend.all) func aChildContextWithoutPendingChangesGroupsItsParentsValuesThroughRelatedObjects(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.newBackgroundContext()
        var committed = Self.perSport()
        committed.includesPendingChanges = false
        let request = committed
        let (parentRows, childRows, childPlain) = try await context.perform { () throws in
            try Self.seeded(context)
            let child = context.newChildContext()
            let rows = try child.performAndWait { () throws in
                let tennis = try child.fetch(FetchRequest<Sport>(where: \.name, equals: "Tennis")).first!
                tennis.name = "Padel"
                let first = try child.fetch(FetchRequest<Event>(where: \.title, equals: "F0")).first!
                first.attendance = 1_000
                var plain = FetchRequest<Event>(predicate: try FetchPredicate(format: "title == 'T0'"))
                plain.resultType = .dictionaries
                plain.includesPendingChanges = false
                plain.propertiesToFetch = ["title", "sport.name"]
                return (try child.fetchDictionaries(request), try child.fetchDictionaries(plain))
            }
            return (try context.fetchDictionaries(request), rows.0, rows.1)
        }
        #expect(Self.described(childRows) == Self.described(parentRows))
        #expect(childRows.map { $0["sport.name"] as? String } == [nil, "Football", "Tennis"])
        #expect(Self.described(childPlain) == [["title": "T0", "sport.name": "Tennis"]])
    }
}
