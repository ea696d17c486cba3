import Foundation
@testable import ObjectStore
import Testing

/// Work on a context's queue, including contexts nested in each other's synchronous work.
@Suite struct QueueTests {
    @Test func childWorkInsideAPrivateParentsPerformAndWaitRuns() throws {
        let container = try TestModel.inMemory()
        let parent = container.newBackgroundContext()
        let child = parent.newChildContext()
        let count = try parent.performAndWait { () throws(ObjectStoreError) -> Int in
            try parent.insert(Event.self).code = "unsaved in the parent"
            return try child.performAndWait { () throws(ObjectStoreError) -> Int in
                try child.count(for: FetchRequest<Event>())
            }
        }
        #expect(count == 1)
    }

    @MainActor @Test func privateChildOfTheViewContextWorksFromTheMainActor() throws {
        let container = try TestModel.inMemory()
        let view = container.viewContext
        try view.insert(Event.self).code = "unsaved in the view context"
        let child = view.newChildContext()
        let count = try child.performAndWait { () throws(ObjectStoreError) -> Int in
            try child.count(for: FetchRequest<Event>())
        }
        #expect(count == 1)
    }

    @Test func performAndWaitRunsOnTheContextsQueue() throws {
        let container = try TestModel.inMemory()
        let context = container.newBackgroundContext()
        #expect(!context.isOnQueue)
        #expect(context.performAndWait { context.isOnQueue })
    }
}
