import Foundation
import ObjectStore
import StoreBackends
import TestSupport
import Testing

/// Conflicts between contexts that change or delete the same object, under each merge policy.
@Suite struct ConflictResolutionTests {
    /// A saved event (title "original", tagged once) and its ID.
    private func savedTaggedEvent(in container: PersistentContainer) async throws -> (event: ObjectID, tag: ObjectID) {
        let setup = container.newBackgroundContext()
        return try await setup.perform {
            let event = try setup.insert(Event.self)
            event.code = "c"
            event.title = "original"
            let tag = try setup.insert(Tag.self)
            tag.label = "t"
            event.tags = [tag]
            try setup.save()
            return (event.objectID, tag.objectID)
        }
    }

    @Test(arguments: StoreBackend.all) func conflictSurvivesALaterMergeOfOtherKeys(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let (id, _) = try await savedTaggedEvent(in: container)
        let mine = container.newBackgroundContext()
        mine.automaticallyMergesChangesFromParent = true
        try await mine.perform { try mine.existingObject(with: id, as: Event.self).title = "mine" }
        let theirs = container.newBackgroundContext()
        try await theirs.perform {
            try theirs.existingObject(with: id, as: Event.self).title = "theirs"
            try theirs.save()
        }
        await mine.flush()
        // A second save that touches only a key `mine` did not change.
        try await theirs.perform {
            try theirs.existingObject(with: id, as: Event.self).attendance = 7
            try theirs.save()
        }
        await mine.flush()
        let error = await mine.perform { mine.saveError() }
        guard case .saveConflict(let conflicts)? = error else {
            Issue.record("expected a save conflict, got \(String(describing: error))")
            return
        }
        #expect(conflicts.map(\.keys) == [["title"]])
        let check = container.newBackgroundContext()
        let (title, attendance) = try await check.perform {
            let event = try check.existingObject(with: id, as: Event.self)
            return (event.title, event.attendance)
        }
        #expect(title == "theirs" && attendance == 7)
    }

    @Test(arguments: StoreBackend.all) func deleteKeptByThePolicyKeepsItsManyToManyLinks(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let (id, tagID) = try await savedTaggedEvent(in: container)
        let mine = container.newBackgroundContext()
        mine.mergePolicy = .mergeByPropertyStoreTrump
        try await mine.perform { _ = try mine.existingObject(with: id) }
        let theirs = container.newBackgroundContext()
        try await theirs.perform {
            try theirs.existingObject(with: id, as: Event.self).title = "theirs"
            try theirs.save()
        }
        let (stillThere, tagsInContext) = try await mine.perform {
            let event = try mine.existingObject(with: id, as: Event.self)
            mine.delete(event)
            try mine.save()
            return (!event.isDeleted, event.tags.map(\.objectID))
        }
        #expect(stillThere)
        #expect(tagsInContext == [tagID])
        let check = container.newBackgroundContext()
        let (title, tags) = try await check.perform {
            let event = try check.existingObject(with: id, as: Event.self)
            return (event.title, event.tags.map(\.objectID))
        }
        #expect(title == "theirs")
        #expect(tags == [tagID])
    }

    @Test(arguments: StoreBackend.all) func rowBroughtBackByObjectTrumpIsPublishedAsInserted(_ backend: StoreBackend) async throws {
        let container = try await TestModel.container(on: backend)
        let (id, _) = try await savedTaggedEvent(in: container)
        let published = Recorder<ChangeSet>()
        let token = container.addChangeSetObserver { published.append($0) }
        defer { token.cancel() }
        let mine = container.newBackgroundContext()
        mine.mergePolicy = .mergeByPropertyObjectTrump
        try await mine.perform { _ = try mine.existingObject(with: id) }
        let theirs = container.newBackgroundContext()
        try await theirs.perform {
            theirs.delete(try theirs.existingObject(with: id))
            try theirs.save()
        }
        try await mine.perform {
            try mine.existingObject(with: id, as: Event.self).title = "back"
            try mine.save()
        }
        let last = try #require(published.values.last)
        #expect(last.insertedObjectIDs == [id])
        #expect(last.changedKeys[id] == nil)
        let check = container.newBackgroundContext()
        let title = try await check.perform { try check.existingObject(with: id, as: Event.self).title }
        #expect(title == "back")
    }
}
