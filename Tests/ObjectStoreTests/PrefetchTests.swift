import Foundation
import GRDB
@testable import ObjectStore
import StoreBackends
import TestSupport
import Testing

/// Prefetching reads related objects in batches: the number of statements does not grow with the
/// number of fetched objects.
@Suite struct PrefetchTests {
    @Test func manyToManyPrefetchRunsOneQueryForAllOwners() throws {
        let container = try TestModel.inMemory()
        let context = container.newBackgroundContext()
        try context.performAndWait { () throws(ObjectStoreError) in
            let tags = try (0..<3).map { index throws(ObjectStoreError) -> Tag in
                let tag = try context.insert(Tag.self)
                tag.label = "t\(index)"
                return tag
            }
            for index in 0..<40 {
                let event = try context.insert(Event.self)
                event.code = "e\(index)"
                event.tags = [tags[index % 3], tags[(index + 1) % 3]]
            }
            try context.save()
            context.reset()
        }
        // The in-memory store has one connection: trace every statement it runs from now on.
        let statements = Recorder<String>()
        try #require(container.core.store as? SQLiteStore).writer.writeWithoutTransaction { db in
            db.trace { statements.append("\($0)") }
        }
        var request = FetchRequest<Event>()
        request.relationshipKeyPathsForPrefetching = ["tags"]
        let (events, loadedTags) = try context.performAndWait { () throws(ObjectStoreError) -> (Int, Int) in
            let events = try context.fetch(request)
            let registeredTags = context.registeredObjects.filter { $0 is Tag && !$0.isFault }
            return (events.count, registeredTags.count)
        }
        #expect(events == 40 && loadedTags == 3)
        // The events, their links, the tags.
        let queries = statements.values.filter { $0.hasPrefix("SELECT") }
        #expect(queries.count == 3, "\(queries)")
    }

    /// Sports `s0`…`s29` with 0 to 3 events each, saved; the events' codes by sport name.
    private static func saveSportsWithEvents(in context: ManagedObjectContext) throws -> [String: Set<String>] {
        var expected: [String: Set<String>] = [:]
        for index in 0..<30 {
            let sport = try context.insert(Sport.self)
            sport.name = "s\(index)"
            expected[sport.name] = []
            for number in 0..<(index % 4) {
                let event = try context.insert(Event.self)
                event.code = "s\(index)-e\(number)"
                event.sport = sport
                expected[sport.name, default: []].insert(event.code)
            }
        }
        try context.save()
        context.reset()
        return expected
    }

    /// The events of every sport, by sport name, as the context shows them.
    private static func eventCodes(of sports: some Sequence<Sport>) -> [String: Set<String>] {
        Dictionary(uniqueKeysWithValues: sports.map { ($0.name, Set($0.events.map(\.code))) })
    }

    @Test func oneToManyPrefetchAnswersEveryOwnersRelationshipWithoutAnotherQuery() throws {
        let container = try TestModel.inMemory()
        let context = container.newBackgroundContext()
        let expected = try context.performAndWait { try Self.saveSportsWithEvents(in: context) }
        let statements = Recorder<String>()
        try #require(container.core.store as? SQLiteStore).writer.writeWithoutTransaction { db in
            db.trace { statements.append("\($0)") }
        }
        var request = FetchRequest<Sport>()
        request.relationshipKeyPathsForPrefetching = ["events"]
        let (read, queriesAfterFetch) = try context.performAndWait { () throws -> ([String: Set<String>], [String]) in
            let sports = try context.fetch(request)
            let before = statements.values.count
            let read = Self.eventCodes(of: sports)
            return (read, statements.values.dropFirst(before).filter { $0.hasPrefix("SELECT") })
        }
        #expect(read == expected)
        #expect(queriesAfterFetch.isEmpty, "\(queriesAfterFetch.count) queries: \(queriesAfterFetch.prefix(3))")
    }

    @Test(arguments: StoreBackend.all)
    func prefetchedMembersFollowChangesInTheContextAndOtherContextsCommits(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.newBackgroundContext()
        var expected = try context.performAndWait { try Self.saveSportsWithEvents(in: context) }
        var request = FetchRequest<Sport>()
        request.relationshipKeyPathsForPrefetching = ["events"]
        try context.performAndWait {
            let sports = Dictionary(uniqueKeysWithValues: try context.fetch(request).map { ($0.name, $0) })
            let (s1, s3) = (try #require(sports["s1"]), try #require(sports["s3"]))
            // Moved in the context, unsaved: both sides show it.
            let moved = try #require(s3.events.first { $0.code == "s3-e0" })
            moved.sport = s1
            #expect(Set(s1.events.map(\.code)) == ["s1-e0", "s3-e0"] && Set(s3.events.map(\.code)) == ["s3-e1", "s3-e2"])
            context.rollback()
            #expect(Self.eventCodes(of: sports.values) == expected)
            // Deleted in the context.
            context.delete(moved)
            #expect(Set(s3.events.map(\.code)) == ["s3-e1", "s3-e2"])
            context.rollback()
        }
        // Another context's commit adds an event to s2.
        let other = container.newBackgroundContext()
        try other.performAndWait {
            var named = FetchRequest<Sport>()
            named.predicate = try FetchPredicate(format: "name == %@", "s2")
            let event = try other.insert(Event.self)
            event.code = "s2-new"
            let sports = try other.fetch(named)
            try #require(sports.count == 1)
            event.sport = sports[0]
            try other.save()
        }
        expected["s2", default: []].insert("s2-new")
        let read = try context.performAndWait { Self.eventCodes(of: try context.fetch(FetchRequest<Sport>())) }
        #expect(read == expected)
    }
}
