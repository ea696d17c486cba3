import FetchedResults
import Foundation
import ObjectStore
import Testing

/// A controller lives on its context's queue; debug builds check every public entry and name
/// the type, the member and the queue when a call comes from elsewhere.
@Suite struct ConfinementTests {
    @Test func aControllerCalledOffItsContextsQueueTrapsNamingTheMemberAndTheQueue() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let context = try TestModel.inMemory().newBackgroundContext(name: "feed")
            var request = FetchRequest<Match>()
            request.sortDescriptors = [FetchSortDescriptor(\.title)]
            let controller = FetchedResultsController(fetchRequest: request, managedObjectContext: context)
            try controller.performFetch()
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("IdentifiedFetchedResultsController.performFetch() was called off the queue of context #"))
        #expect(message.contains("(feed)"))
    }

    @Test func aControllersPropertiesAreCheckedToo() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let context = try TestModel.inMemory().newBackgroundContext()
            var request = FetchRequest<Match>()
            request.sortDescriptors = [FetchSortDescriptor(\.title)]
            let controller = context.performAndWait {
                FetchedResultsController(fetchRequest: request, managedObjectContext: context)
            }
            controller.updateMarking = .reload
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("IdentifiedFetchedResultsController.updateMarking was called off"))
    }

    @Test func aControllerOnItsContextsQueueRuns() async throws {
        let context = try TestModel.inMemory().newBackgroundContext()
        let count = try await context.perform {
            var request = FetchRequest<Match>()
            request.sortDescriptors = [FetchSortDescriptor(\.title)]
            let controller = FetchedResultsController(fetchRequest: request, managedObjectContext: context)
            controller.updateMarking = .reload
            try controller.performFetch()
            return controller.fetchedObjectIDs?.count
        }
        #expect(count == 0)
    }

    @Test func aContextCalledOffItsQueueTrapsNamingTheMemberAndTheQueue() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let context = try TestModel.inMemory().newBackgroundContext(name: "importer")
            _ = context.insertedObjects
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("ManagedObjectContext.insertedObjects was called off the queue of context #"))
        #expect(message.contains("(importer)"))
    }
}
