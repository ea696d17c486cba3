import Foundation
import ObjectStore
import Testing

/// An object's life in its context: after its deletion is saved, after it is deleted elsewhere,
/// and misuse across contexts and containers.
@Suite struct LifecycleTests {
    @MainActor @Test func writingToAnObjectWhoseDeletionWasSavedChangesNothing() throws {
        let container = try TestModel.inMemory()
        let context = container.viewContext
        let event = try context.savedEvent(code: "d")
        context.delete(event)
        try context.save()
        event.title = "after the deletion"
        #expect(!context.hasChanges)
        #expect(context.deletedObjects.isEmpty && context.updatedObjects.isEmpty)
        #expect(event.managedObjectContext == nil)
        try context.save()
    }

    @MainActor @Test func writingToAnObjectDeletedElsewhereChangesNothing() async throws {
        let container = try TestModel.inMemory()
        let view = container.viewContext
        let event = try view.savedEvent(code: "e")
        let id = event.objectID
        let background = container.newBackgroundContext()
        try await background.perform {
            background.delete(try background.existingObject(with: id))
            try background.save()
        }
        await view.flush()
        #expect(event.isDeleted)
        event.title = "too late"
        #expect(!view.hasChanges)
        #expect(view.deletedObjects.isEmpty)
    }

    @Test func objectIDOfAnotherContainerIsAProgrammerError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let first = try TestModel.inMemory().newBackgroundContext()
            let id = try first.performAndWait { try first.insert(Event.self).objectID }
            let second = try TestModel.inMemory().newBackgroundContext()
            second.performAndWait { _ = second.object(with: id) }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("belongs to another container"))
    }

    @Test func deletingAnObjectOfAnotherContextIsAProgrammerError() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try TestModel.inMemory()
            let owner = container.newBackgroundContext()
            let event = try owner.performAndWait { try owner.insert(Event.self) }
            let other = container.newBackgroundContext()
            other.performAndWait { other.delete(event) }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("belongs to another context"))
    }
}
