import Foundation
import ObjectStore
import Testing

@Suite struct StoreErrorTests {
    @Test func saveWaitingPastTheBusyTimeoutFailsAsLocked() async throws {
        let url = TestModel.temporaryStoreURL(name: "Locked")
        let container = try PersistentContainer(
            name: "L", model: TestModel.model,
            store: StoreDescription(location: .file(url), busyTimeout: 0.2))
        // Another connection holds the write lock.
        let other = try PersistentContainer(name: "L", model: TestModel.model, store: StoreDescription(location: .file(url)))
        let holder = other.newBackgroundContext()
        let context = container.newBackgroundContext()
        let sport = try await context.perform {
            let sport = try context.insert(Sport.self)
            sport.name = "locked"
            return sport.objectID
        }
        let lock = LockHolder(url: url)
        try lock.acquire()
        defer { lock.release() }
        let error: ObjectStoreError? = await context.perform { () -> ObjectStoreError? in
            do {
                try context.save()
                return nil
            } catch let error as ObjectStoreError {
                return error
            } catch {
                return nil
            }
        }
        guard case .databaseLocked(let path, let timeout)? = error else {
            Issue.record("expected databaseLocked, got \(String(describing: error))")
            return
        }
        #expect(path == url.path && timeout == 0.2)
        lock.release()
        try await context.perform { try context.save() }
        // IDs belong to their container; the URI names the object in the other one.
        let sameObject = try other.managedObjectID(forURIRepresentation: sport.uriRepresentation())
        #expect(try await holder.perform { try holder.existingObject(with: sameObject).objectID.key } == sport.key)
    }

    @Test func performBackgroundTaskRunsOnAFreshContext() async throws {
        let container = try TestModel.inMemory()
        let id = try await container.performBackgroundTask { context in
            let event = try context.savedEvent(code: "bg")
            return event.objectID
        }
        await container.viewContext.flush()
        let stream = container.viewContext.changeEvents()
        let background = container.newBackgroundContext()
        try await background.perform {
            try background.existingObject(with: id, as: Event.self).title = "merged"
            try background.save()
        }
        var iterator = stream.makeAsyncIterator()
        let merged = await iterator.next()
        #expect(merged?.kind == .merge)
        #expect(merged?.changedKeys[id] == ["title"])
    }
}
