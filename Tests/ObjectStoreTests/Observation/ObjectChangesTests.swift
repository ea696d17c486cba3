import ObjectStore
import Testing
import TestSupport

/// `changes(for:)` follows one object without a user interface: its changed keys, its deletion,
/// and nothing of other objects.
@Suite struct ObjectChangesTests {
    @Test func theChangesOfAnObjectListItsKeysAndEndWithItsSavedDeletion() async throws {
        let context = try TestModel.inMemory().newBackgroundContext()
        let (id, otherID) = try await context.perform {
            (try context.savedEvent(code: "a").objectID, try context.savedEvent(code: "b").objectID)
        }
        let changes = context.changes(for: id)
        let collected = Task { await changes.reduce(into: [ObjectChange]()) { $0.append($1) } }
        try await context.perform {
            let event = try #require(try context.existingObject(with: id) as? Event)
            let other = try #require(try context.existingObject(with: otherID) as? Event)
            event.title = "Final"
            context.processPendingChanges()
            other.title = "Other"
            context.processPendingChanges()
            event.attendance = 2
            event.isLive = true
            context.processPendingChanges()
            context.delete(event)
            try context.save()
        }
        let all = await value(of: collected)

        #expect(all.map(\.kind) == [.updated, .updated, .deleted, .deleted])
        #expect(all.map(\.changedKeys) == [["title"], ["attendance", "isLive"], [], []])
        #expect(all.map(\.isFinal) == [false, false, false, true])
        #expect(all.map(\.eventKind) == [.pendingChanges, .pendingChanges, .pendingChanges, .save])
        #expect(all.allSatisfy { $0.objectID == id })
    }

    @Test func theChangesOfAnObjectIncludeMergedSaves() async throws {
        let container = try TestModel.inMemory()
        let reader = container.newBackgroundContext()
        reader.automaticallyMergesChangesFromParent = true
        let writer = container.newBackgroundContext()
        let id = try await writer.perform { try writer.savedEvent(code: "a").objectID }
        let changes = reader.changes(for: id)
        let collected = Task { await changes.reduce(into: [ObjectChange]()) { $0.append($1) } }
        try await writer.perform {
            let event = try #require(try writer.existingObject(with: id) as? Event)
            event.title = "Renamed"
            try writer.save()
            writer.delete(event)
            try writer.save()
        }
        // The merge of the insertion may come after the sequence was made.
        let all = Array(await value(of: collected).drop { $0.kind == .inserted })

        #expect(all.map(\.kind) == [.updated, .deleted])
        #expect(all.map(\.changedKeys) == [["title"], []])
        #expect(all.map(\.eventKind) == [.merge, .merge])
        #expect(all.last?.isFinal == true)
    }

    @Test func aRolledBackDeletionBringsTheObjectBackAndAResetHasItReadAgain() async throws {
        let context = try TestModel.inMemory().newBackgroundContext()
        let id = try await context.perform { try context.savedEvent(code: "a").objectID }
        let changes = context.changes(for: id)
        let collected = Task { await changes.reduce(into: [ObjectChange]()) { $0.append($1) } }
        try await context.perform {
            context.delete(try context.existingObject(with: id))
            context.processPendingChanges()
            context.rollback()
            context.reset()
            context.delete(try context.existingObject(with: id))
            try context.save()
        }
        let all = await value(of: collected)

        #expect(all.map(\.kind) == [.deleted, .inserted, .refreshed, .deleted, .deleted])
        #expect(all.map(\.eventKind) == [.pendingChanges, .rollback, .reset, .pendingChanges, .save])
        #expect(all.map(\.isFinal) == [false, false, false, false, true])
    }
}
