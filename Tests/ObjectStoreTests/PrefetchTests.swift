import Foundation
import GRDB
@testable import ObjectStore
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
}
