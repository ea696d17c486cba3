import Foundation
import ObjectStore
import StoreBackends
import Testing

/// Holds a value for an observer that runs on the same queue as the test (the main queue).
final class Handle<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// What reaches change observers: saves, merges and unsaved changes, in order.
@Suite struct PublicationTests {
    @MainActor @Test(arguments: StoreBackend.all) func changesAnObserverMakesWhileSavingAreSaved(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let edited = try context.savedEvent(code: "e")
        let editedID = edited.objectID
        let followUp = Handle(try context.savedEvent(code: "f"))
        // Observers run on the context's queue, here the main queue.
        let token = context.addChangeObserver { event in
            if event.kind == .pendingChanges && event.updatedObjectIDs.contains(editedID) && followUp.value.title.isEmpty {
                followUp.value.title = "from the observer"
            }
        }
        defer { token.cancel() }
        edited.title = "edited"
        try context.save()
        #expect(!context.hasChanges)
        #expect(!followUp.value.hasChanges)
        let check = container.newBackgroundContext()
        let id = followUp.value.objectID
        let stored = try await check.perform { try check.existingObject(with: id, as: Event.self).title }
        #expect(stored == "from the observer")
    }

    @MainActor @Test(arguments: StoreBackend.all) func observerAddedAfterAnEditSeesLaterEdits(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let event = try context.savedEvent(code: "l")
        event.title = "before observing"
        let (notices, token) = context.recordChanges()
        defer { token.cancel() }
        event.title = "while observed"
        context.processPendingChanges()
        #expect(notices.values.map(\.changedKeys) == [[event.objectID: ["title"]]])
    }

    @MainActor @Test(arguments: StoreBackend.all) func rollbackAndResetPublishNotices(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let saved = try context.savedEvent(code: "r")
        let (notices, token) = context.recordChanges()
        defer { token.cancel() }
        saved.title = "unsaved"
        let inserted = try context.insert(Event.self)
        context.processPendingChanges()
        let before = notices.values.count
        context.rollback()
        let rollback = try #require(notices.values.dropFirst(before).first)
        #expect(rollback.kind == .rollback)
        #expect(rollback.refreshedObjectIDs == [saved.objectID])
        #expect(rollback.invalidatedObjectIDs == [inserted.objectID])
        let afterRollback = notices.values.count
        context.reset()
        let reset = try #require(notices.values.dropFirst(afterRollback).first)
        #expect(reset.kind == .reset)
        #expect(reset.invalidatedObjectIDs == [saved.objectID])
    }

    @MainActor @Test(arguments: StoreBackend.all) func grandchildReceivesItsParentsSaveIntoTheViewContext(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let view = container.viewContext
        let id = try view.savedEvent(code: "g").objectID
        let child = view.newChildContext(concurrency: .mainQueue)
        let grandchild = child.newChildContext(concurrency: .mainQueue)
        let inGrandchild = try grandchild.existingObject(with: id, as: Event.self)
        let (received, token) = grandchild.recordChanges()
        defer { token.cancel() }
        try child.existingObject(with: id, as: Event.self).title = "from the child"
        try child.save()
        await grandchild.flush()
        #expect(inGrandchild.title == "from the child")
        #expect(received.changeSets(.merge).map(\.originator) == [child.identifier])
    }

    @Test(arguments: StoreBackend.all) func observersSeeTheirContextsChangeSetsInTransactionOrder(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.newBackgroundContext()
        context.automaticallyMergesChangesFromParent = true
        let other = container.newBackgroundContext()
        let (received, token) = context.recordChanges()
        defer { token.cancel() }
        try await context.perform {
            // Another context commits while this one is busy, so its merge waits in the queue...
            try other.performAndWait { _ = try other.savedEvent(code: "other") }
            // ...and this context's own save commits after it.
            _ = try context.savedEvent(code: "own")
        }
        await context.flush()
        let numbers = received.changeSets(.save, .merge).map(\.transactionNumber)
        #expect(numbers.count == 2)
        #expect(numbers == numbers.sorted(), "observer saw \(numbers)")
    }

    @Test(arguments: StoreBackend.all) func changeStreamsEndWhenTheirContextIsReleased(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        var context: ManagedObjectContext? = container.newBackgroundContext()
        let events = try #require(context).changeEvents()
        context = nil
        // The loop ends only when the stream finishes; a guard task cancels it if it never does.
        let ended = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in events {}
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        #expect(ended)
    }
}
