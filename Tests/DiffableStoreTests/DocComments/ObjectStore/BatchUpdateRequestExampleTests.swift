// Guards the example in the documentation comment of `BatchUpdateRequest`
// (Sources/ObjectStore/Batch/BatchUpdateRequest.swift).
import DiffableStore
import Foundation
import Testing

@Suite struct BatchUpdateRequestExampleTests {
    final class Match: ManagedObject {
        @Attribute var title = ""
        @Attribute var isLive = false
        override class var entityName: String { "BatchExampleMatch" }
    }

    @Test func liveMatchesEndInOneBatchUpdate() throws {
        let container = try PersistentContainer(name: "Batch", model: ManagedObjectModel([Match.self]), store: .inMemory)
        let context = container.newBackgroundContext()
        let count = try context.performAndWait { () throws -> Int in
            for index in 0..<5 {
                let match = try context.insert(Match.self)
                match.title = "m\(index)"
                match.isLive = index < 3
            }
            try context.save()
            var request = BatchUpdateRequest<Match>(predicate: try FetchPredicate(format: "isLive == YES"))
            request.set(\.isLive, to: false)
            let result = try context.execute(request)
            print(result.count, "matches ended")
            return result.count
        }
        // What the store holds, read by a context that held none of the objects.
        let reader = container.newBackgroundContext()
        let stored = try reader.performAndWait { () throws in try reader.fetch(Match.self).filter(\.isLive).count }
        #expect(count == 3 && stored == 0)
    }
}
