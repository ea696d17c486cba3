import Foundation
import ObjectStore
import StoreBackends
import Testing

@MainActor @Suite struct ChangeSetTests {
    @Test(arguments: StoreBackend.all) func eachSaveReportsInsertedUpdatedDeletedAndChangedKeys(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let (recorder, token) = context.recordChanges()
        defer { token.cancel() }
        let sport = try context.insert(Sport.self)
        sport.name = "S"
        let event = try context.insert(Event.self)
        event.code = "e"
        event.sport = sport
        try context.save()
        event.title = "new"
        event.sport = nil
        try context.save()
        context.delete(event)
        try context.save()
        let sets = recorder.changeSets(.save)
        try #require(sets.count == 3)
        #expect(sets[0].insertedObjectIDs == [sport.objectID, event.objectID])
        #expect(sets[0].changedKeys.isEmpty && sets[0].deletedObjectIDs.isEmpty)
        #expect(sets[1].changedKeys == [event.objectID: ["title", "sport"], sport.objectID: ["events"]])
        #expect(sets[2].deletedObjectIDs == [event.objectID])
        #expect(sets[2].changedKeys.isEmpty)
        #expect(sets[0].transactionNumber < sets[1].transactionNumber && sets[1].transactionNumber < sets[2].transactionNumber)
        #expect(sets.allSatisfy { $0.originator == context.identifier && $0.destination == .store })
    }

    @Test(arguments: StoreBackend.all) func backgroundSavesMergeIntoTheViewContextAndItsChildren(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let view = container.viewContext
        let event = try view.insert(Event.self)
        event.code = "m"
        event.title = "before"
        let doomed = try view.savedEvent(code: "d")
        let child = view.newChildContext(concurrency: .mainQueue)
        let inChild = try child.existingObject(with: event.objectID, as: Event.self)
        let (events, token) = view.recordChanges()
        defer { token.cancel() }
        let background = container.newBackgroundContext()
        let (id, doomedID) = (event.objectID, doomed.objectID)
        try await background.perform {
            try background.existingObject(with: id, as: Event.self).title = "after"
            background.delete(try background.existingObject(with: doomedID))
            try background.save()
        }
        await view.flush()
        await child.flush()
        #expect(event.title == "after")
        #expect(inChild.title == "after")
        #expect(doomed.isDeleted)
        let merged = events.changeSets(.merge)
        #expect(merged.count == 1)
        #expect(merged.first?.changedKeys[id] == ["title"])
    }

    @Test(arguments: StoreBackend.all) func changeSetsArriveAsAnAsyncSequence(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let stream = container.changeSets()
        let background = container.newBackgroundContext()
        let id = try await background.perform {
            let event = try background.savedEvent(code: "s")
            return event.objectID
        }
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.insertedObjectIDs == [id])
    }

    @Test(arguments: StoreBackend.all) func pendingChangesEventsReportUnsavedChanges(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let context = container.viewContext
        let (recorder, token) = context.recordChanges()
        defer { token.cancel() }
        let event = try context.insert(Event.self)
        event.code = "o"
        context.processPendingChanges()
        try context.save()
        event.title = "edited"
        context.processPendingChanges()
        let notices = recorder.events(.pendingChanges)
        #expect(notices.first?.insertedObjectIDs == [event.objectID])
        #expect(notices.last?.changedKeys == [event.objectID: ["title"]])
    }

    private func makeConflict(policy: MergePolicy, on backend: StoreBackend) async throws -> (title: String, attendance: Int, error: ObjectStoreError?) {
        let container = try await TestModel.container(on: backend)
        let setup = container.newBackgroundContext()
        let id = try await setup.perform {
            let event = try setup.insert(Event.self)
            event.code = "c"
            event.title = "original"
            try setup.save()
            return event.objectID
        }
        let first = container.newBackgroundContext()
        let second = container.newBackgroundContext()
        second.mergePolicy = policy
        try await second.perform { _ = try second.existingObject(with: id) }
        try await first.perform {
            try first.existingObject(with: id, as: Event.self).title = "first"
            try first.save()
        }
        try await second.perform {
            let event = try second.existingObject(with: id, as: Event.self)
            event.title = "second"
            event.attendance = 9
        }
        let error = await second.perform { second.saveError() }
        let check = container.newBackgroundContext()
        return try await check.perform {
            let event = try check.existingObject(with: id, as: Event.self)
            return (event.title, event.attendance, error)
        }
    }

    @Test(arguments: StoreBackend.all) func conflictingSaveFailsNamingObjectAndKeys(_ backend: StoreBackend) async throws {
        let result = try await makeConflict(policy: .error, on: backend)
        guard case .saveConflict(let conflicts)? = result.error else {
            Issue.record("expected a save conflict, got \(String(describing: result.error))")
            return
        }
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.keys == ["title"])
        #expect(conflicts.first?.kind == .updatedElsewhere)
        #expect(result.title == "first" && result.attendance == 0)
    }

    @Test(arguments: StoreBackend.all) func mergePoliciesResolveConflicts(_ backend: StoreBackend) async throws {
        let objectTrump = try await makeConflict(policy: .mergeByPropertyObjectTrump, on: backend)
        #expect(objectTrump.error == nil && objectTrump.title == "second" && objectTrump.attendance == 9)
        let storeTrump = try await makeConflict(policy: .mergeByPropertyStoreTrump, on: backend)
        #expect(storeTrump.error == nil && storeTrump.title == "first" && storeTrump.attendance == 9)
        let overwrite = try await makeConflict(policy: .overwrite, on: backend)
        #expect(overwrite.error == nil && overwrite.title == "second" && overwrite.attendance == 9)
        let rollback = try await makeConflict(policy: .rollback, on: backend)
        #expect(rollback.error == nil && rollback.title == "first" && rollback.attendance == 0)
    }

    @Test(arguments: StoreBackend.all) func changesToOtherKeysDoNotConflict(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let view = container.viewContext
        view.automaticallyMergesChangesFromParent = false
        let event = try view.savedEvent(code: "k")
        let background = container.newBackgroundContext()
        let id = event.objectID
        try await background.perform {
            try background.existingObject(with: id, as: Event.self).title = "elsewhere"
            try background.save()
        }
        event.attendance = 3
        try view.save()
        let check = container.newBackgroundContext()
        let (title, attendance) = try await check.perform {
            let stored = try check.existingObject(with: id, as: Event.self)
            return (stored.title, stored.attendance)
        }
        #expect(title == "elsewhere" && attendance == 3)
        #expect(event.title == "elsewhere")
    }

    @Test(arguments: StoreBackend.all) func mergedContextKeepsUnsavedEditsAndStillReportsTheConflict(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let view = container.viewContext
        let event = try view.savedEvent(code: "u")
        event.title = "mine"
        let background = container.newBackgroundContext()
        let id = event.objectID
        try await background.perform {
            let other = try background.existingObject(with: id, as: Event.self)
            other.title = "theirs"
            other.attendance = 4
            try background.save()
        }
        await view.flush()
        #expect(event.title == "mine")
        #expect(event.attendance == 4)
        #expect(throws: ObjectStoreError.self) { try view.save() }
        view.rollback()
        #expect(event.title == "theirs")
    }

    @Test(arguments: StoreBackend.all) func updatingAnObjectDeletedElsewhereConflicts(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let view = container.viewContext
        view.automaticallyMergesChangesFromParent = false
        let event = try view.savedEvent(code: "x")
        let background = container.newBackgroundContext()
        let id = event.objectID
        try await background.perform {
            background.delete(try background.existingObject(with: id))
            try background.save()
        }
        event.title = "too late"
        #expect {
            try view.save()
        } throws: { error in
            guard case ObjectStoreError.saveConflict(let conflicts) = error else { return false }
            return conflicts.map(\.kind) == [.deletedElsewhere] && conflicts.map(\.objectID) == [id]
        }
    }
}
