import Foundation
import ObjectStore
import Testing

@Suite struct HistoryRecordingTests {
    @Test func aSaveRecordsOneTransactionWithItsChangesAuthorContextAndProcess() async throws {
        let (container, _) = try HistoryModel.container()
        let context = container.newBackgroundContext(name: "importer")
        context.transactionAuthor = "sync"
        let started = Date()
        let (transactions, ids) = try await context.perform {
            let folder = try context.insert(HistoryModel.Folder.self)
            let kept = try context.insert(HistoryModel.Note.self)
            kept.code = "a"
            let gone = try context.insert(HistoryModel.Note.self)
            gone.code = "b"
            try context.save()
            let first = try context.lastHistoryToken()
            kept.body = "changed"
            context.delete(gone)
            let added = try context.insert(HistoryModel.Note.self)
            added.code = "c"
            added.folder = folder
            try context.save()
            return (try context.fetchHistory(after: first), (folder.objectID, kept.objectID, gone.objectID, added.objectID))
        }
        try #require(transactions.count == 1)
        let transaction = transactions[0]
        #expect(transaction.author == "sync")
        #expect(transaction.contextName == "importer")
        #expect(transaction.processIdentifier == ProcessInfo.processInfo.processIdentifier)
        #expect(transaction.timestamp >= started.addingTimeInterval(-1) && transaction.timestamp <= Date().addingTimeInterval(1))
        let changes = Dictionary(uniqueKeysWithValues: transaction.changes.map { ($0.changedObjectID, $0) })
        #expect(changes.count == 4)
        #expect(changes[ids.0]?.changeType == .update && changes[ids.0]?.updatedProperties == ["notes"])
        #expect(changes[ids.1]?.changeType == .update && changes[ids.1]?.updatedProperties == ["body"])
        #expect(changes[ids.2]?.changeType == .delete && changes[ids.2]?.updatedProperties == [])
        #expect(changes[ids.3]?.changeType == .insert && changes[ids.3]?.tombstone == nil)
    }

    @Test func tombstonesHoldOnlyThePreservedAttributes() async throws {
        let (container, _) = try HistoryModel.container()
        let context = container.newBackgroundContext()
        let changes = try await context.perform {
            let folder = try context.insert(HistoryModel.Folder.self)
            folder.title = "Inbox"
            let note = try context.insert(HistoryModel.Note.self)
            note.code = "a"
            note.title = "Kept"
            note.body = "Dropped"
            try context.save()
            let token = try context.lastHistoryToken()
            context.delete(note)
            context.delete(folder)
            try context.save()
            return try context.fetchHistory(after: token).flatMap(\.changes)
        }
        let tombstones = changes.map(\.tombstone)
        #expect(changes.allSatisfy { $0.changeType == .delete })
        #expect(tombstones.contains { $0 == ["title": .text("Kept"), "remark": .null] })
        #expect(tombstones.contains { $0 == [:] })
        #expect(tombstones.count == 2)
    }

    @Test func aFailedSaveRecordsNothing() async throws {
        let (container, _) = try HistoryModel.container()
        let first = container.newBackgroundContext()
        let second = container.newBackgroundContext()
        let id = try await first.perform { try first.savedNote(code: "a") }
        let before = try container.currentHistoryToken
        // A uniqueness error.
        let uniqueness = try await second.perform {
            let note = try second.insert(HistoryModel.Note.self)
            note.code = "a"
            return second.saveError()
        }
        guard case .validation = uniqueness else { Issue.record("expected a uniqueness failure, got \(String(describing: uniqueness))"); return }
        // A conflict: both contexts read the note, the first saves, the second conflicts.
        let (conflict, afterFirst) = try await second.perform {
            second.rollback()
            let note = try #require(try second.existingObject(with: id) as? HistoryModel.Note)
            _ = note.body
            let afterFirst = try first.performAndWait {
                (try first.existingObject(with: id) as? HistoryModel.Note)?.body = "first"
                try first.save()
                return try container.currentHistoryToken
            }
            note.body = "second"
            return (second.saveError(), afterFirst)
        }
        guard case .saveConflict = conflict else { Issue.record("expected a conflict, got \(String(describing: conflict))"); return }
        #expect(try container.currentHistoryToken == afterFirst)
        let all = try await first.perform { try first.fetchHistory(after: before) }
        #expect(all.count == 1 && all.first?.token == afterFirst)
    }

    @Test func trackingOffRecordsNothing() async throws {
        let (container, _) = try HistoryModel.container(tracking: false)
        let memory = try PersistentContainer(name: "Memory", model: HistoryModel.model, store: .inMemory)
        for container in [container, memory] {
            let context = container.newBackgroundContext()
            let history = try await context.perform {
                _ = try context.savedNote(code: "a")
                return try context.fetchHistory(after: nil)
            }
            #expect(history.isEmpty)
            #expect(try container.currentHistoryToken == nil)
        }
    }

    @Test func anInMemoryStoreTracksWhenTurnedOn() async throws {
        var description = StoreDescription.inMemory
        #expect(!description.persistentHistoryTracking)
        description.persistentHistoryTracking = true
        let container = try PersistentContainer(name: "Memory", model: HistoryModel.model, store: description)
        let context = container.newBackgroundContext()
        let history = try await context.perform {
            _ = try context.savedNote(code: "a")
            return try context.fetchHistory(after: nil)
        }
        #expect(history.count == 1 && history.first?.changes.first?.changeType == .insert)
    }

    @Test func aManyToManyLinkRecordsAnUpdateAtBothEnds() async throws {
        let (container, _) = try TestModel.onDisk(name: "HistoryLinks")
        let context = container.newBackgroundContext()
        let (changes, eventID, tagID) = try await context.perform {
            let event = try context.insertEvent(code: "e")
            let tag = try context.insert(Tag.self)
            try context.save()
            let token = try context.lastHistoryToken()
            event.tags.insert(tag)
            try context.save()
            return (try context.fetchHistory(after: token).flatMap(\.changes), event.objectID, tag.objectID)
        }
        let byID = Dictionary(uniqueKeysWithValues: changes.map { ($0.changedObjectID, $0) })
        #expect(changes.count == 2)
        #expect(byID[eventID]?.changeType == .update && byID[eventID]?.updatedProperties == ["tags"])
        #expect(byID[tagID]?.changeType == .update && byID[tagID]?.updatedProperties == ["events"])
    }
}
