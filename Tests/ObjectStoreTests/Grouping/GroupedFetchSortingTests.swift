import Foundation
import ObjectStore
import StoreBackends
import Testing

/// Sort descriptors of grouped and distinct dictionary fetches order the groups by fetched keys
/// and expression names, in the store's SQL and in memory alike.
@Suite struct GroupedFetchSortingTests {
    /// The sport names of `rows`, nil for the group without a sport.
    static func names(_ rows: [[String: any Sendable]]) -> [String?] {
        rows.map { $0["sport.name"] as? String }
    }

    static func perSport(_ sortDescriptors: [FetchSortDescriptor<Event>]) -> FetchRequest<Event> {
        var request = GroupedFetchTests.perSport()
        request.sortDescriptors = sortDescriptors
        return request
    }

    @Test(arguments: StoreBackend.all) func groupsSortByExpressionNamesAndKeysInEitherDirection(_ backend: StoreBackend) async throws {
        let context = try await TestModel.container(on: backend).newBackgroundContext()
        let orders = try await context.perform { () throws in
            try GroupedFetchTests.seeded(context)
            let sorts: [[FetchSortDescriptor<Event>]] = [
                [FetchSortDescriptor("n", ascending: false)],
                [FetchSortDescriptor("total")],
                [FetchSortDescriptor("total", ascending: false)],
                [FetchSortDescriptor(\.sport?.name, ascending: false)],
                [FetchSortDescriptor("meanRatio", ascending: false), FetchSortDescriptor("least")],
            ]
            return try sorts.map { try Self.names(context.fetchDictionaries(Self.perSport($0))) }
        }
        #expect(orders[0] == ["Football", nil, "Tennis"], "most first; ties in ascending key order, nil first")
        #expect(orders[1] == [nil, "Tennis", "Football"])
        #expect(orders[2] == ["Football", "Tennis", nil])
        #expect(orders[3] == ["Tennis", "Football", nil], "nil last in descending order")
        #expect(orders[4] == ["Tennis", "Football", nil])
    }

    @Test(arguments: StoreBackend.all) func limitAndOffsetApplyToTheSortedGroups(_ backend: StoreBackend) async throws {
        let context = try await TestModel.container(on: backend).newBackgroundContext()
        let rows = try await context.perform { () throws in
            try GroupedFetchTests.seeded(context)
            var request = Self.perSport([FetchSortDescriptor("total", ascending: false)])
            request.fetchOffset = 1
            request.fetchLimit = 1
            let page = try context.fetchDictionaries(request)
            request.havingPredicate = try FetchPredicate(format: "total < 50")
            request.fetchOffset = 0
            return (page, try context.fetchDictionaries(request))
        }
        #expect(Self.names(rows.0) == ["Tennis"])
        #expect(Self.names(rows.1) == ["Tennis"])
    }

    @Test(arguments: StoreBackend.all) func pendingChangesSortInMemoryAsTheStoreSortsThemOnceSaved(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.newBackgroundContext()
        let request = Self.perSport([FetchSortDescriptor("total", ascending: false), FetchSortDescriptor("n")])
        let pending = try await context.perform { () throws in
            try GroupedFetchTests.seeded(context)
            let chess = try context.fetch(FetchRequest<Sport>(where: \.name, equals: "Chess")).first!
            for attendance in [40, 40] {
                let event = try context.insert(Event.self)
                event.code = "c\(attendance)"
                event.title = "C"
                event.attendance = attendance
                event.sport = chess
            }
            let pending = try context.fetchDictionaries(request)
            try context.save()
            return pending
        }
        let fresh = container.newBackgroundContext()
        let saved = try await fresh.perform { () throws in try fresh.fetchDictionaries(request) }
        #expect(Self.names(pending) == ["Chess", "Football", "Tennis", nil])
        #expect(GroupedFetchTests.described(pending) == GroupedFetchTests.described(saved))
    }

    @Test(arguments: StoreBackend.all) func aStringComparatorOrdersGroupsAsItOrdersObjects(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.newBackgroundContext()
        let (sorted, objects) = try await context.perform { () throws in
            try GroupedFetchTests.seeded(context)
            try context.fetch(FetchRequest<Sport>(where: \.name, equals: "Tennis")).first!.name = "badminton"
            try context.save()
            let descriptor = FetchSortDescriptor(\Event.sport?.name, comparator: .caseInsensitive)
            let sorted = try Self.names(context.fetchDictionaries(Self.perSport([descriptor])))
            let objects = try context.fetch(FetchRequest<Event>(predicate: nil, sortDescriptors: [descriptor])).map { $0.sport?.name }
            return (sorted, objects)
        }
        #expect(sorted == [nil, "badminton", "Football"])
        #expect(objects.reduce(into: [String?]()) { if $0.isEmpty || $0.last != $1 { $0.append($1) } } == sorted)
    }

    @Test(arguments: StoreBackend.all) func distinctResultsFollowTheirSortDescriptors(_ backend: StoreBackend) async throws {
        let context = try await TestModel.container(on: backend).newBackgroundContext()
        let rows = try await context.perform { () throws in
            try GroupedFetchTests.seeded(context)
            var request = FetchRequest<Event>()
            request.resultType = .dictionaries
            request.returnsDistinctResults = true
            request.propertiesToFetch = ["isLive", "sport.name"]
            request.sortDescriptors = [FetchSortDescriptor(\.sport?.name, ascending: false)]
            return try context.fetchDictionaries(request)
        }
        #expect(GroupedFetchTests.described(rows) == [
            ["isLive": "true", "sport.name": "Tennis"], ["isLive": "false", "sport.name": "Football"],
            ["isLive": "true", "sport.name": "Football"], ["isLive": "false"],
        ])
    }
}
