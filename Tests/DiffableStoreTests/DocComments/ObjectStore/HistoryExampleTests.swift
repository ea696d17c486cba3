// Guards the examples in the documentation comments of `HistoryToken`
// (Sources/ObjectStore/History/HistoryToken.swift) and `ManagedObjectContext.fetchHistory(after:)`
// (Sources/ObjectStore/History/ManagedObjectContext+History.swift), of `HistoryConsumer`
// (Sources/ObjectStore/History/HistoryConsumer.swift), and the article
// Sources/ObjectStore/Documentation.docc/PersistentHistory.md.
import DiffableStore
import Foundation
import Testing
import TestSupport

@Suite struct HistoryExampleTests {
    final class Note: ManagedObject {
        @Attribute([.unique, .preservesValueAfterDeletion]) var code = ""
        @Attribute var body = ""
        override class var entityName: String { "HistoryExampleNote" }
    }

    private func container(at url: URL? = nil) throws -> PersistentContainer {
        let url = url ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("HistoryExample-\(UUID().uuidString).sqlite")
        return try PersistentContainer(name: "Notes", model: ManagedObjectModel([Note.self]), store: StoreDescription(location: .file(url)))
    }

    /// The article's example: an importer's commits, skipped by a reader that excludes them.
    @Test func aReaderSkipsTheImportersCommitsAndKeepsItsToken() throws {
        let container = try container()
        let importer = container.newBackgroundContext(name: "importer")
        importer.transactionAuthor = "import"
        let context = container.newBackgroundContext()
        let lastToken = try context.performAndWait { () throws -> HistoryToken? in
            let note = try context.insert(Note.self)
            note.code = "mine"
            try context.save()
            return nil
        }
        try importer.performAndWait { () throws in
            try importer.insert(Note.self).code = "imported"
            try importer.save()
        }
        let (transactions, newToken) = try context.performAndWait { () throws in
            var lastToken = lastToken
            let transactions = try context.fetchHistory(after: lastToken, limit: 100, author: .excluding("import"))
            lastToken = transactions.last?.token ?? lastToken
            return (transactions, lastToken)
        }
        #expect(transactions.count == 1 && transactions.first?.author == nil)
        #expect(newToken == transactions.first?.token)
    }

    /// The examples of `HistoryToken` and `fetchHistory(after:)`: a token kept as JSON, and the
    /// deletes read after it with their tombstones.
    @Test func aKeptTokenResumesTheHistoryWithTombstones() throws {
        let container = try container()
        let context = container.newBackgroundContext()
        let (token, deleted) = try context.performAndWait { () throws in
            let note = try context.insert(Note.self)
            note.code = "gone"
            try context.save()
            let token = try #require(try container.currentHistoryToken)
            context.delete(note)
            try context.save()
            return (token, note.objectID)
        }
        let data = try JSONEncoder().encode(token)            // keep it
        let decoded = try JSONDecoder().decode(HistoryToken.self, from: data)
        let (tombstones, lastToken) = try context.performAndWait { () throws in
            var lastToken: HistoryToken? = decoded
            let transactions = try context.fetchHistory(after: lastToken)
            var tombstones: [ObjectID: [String: StoredValue]] = [:]
            for change in transactions.flatMap(\.changes) where change.changeType == .delete {
                tombstones[change.changedObjectID] = change.tombstone ?? [:]
            }
            lastToken = transactions.last?.token ?? lastToken
            return (tombstones, lastToken)
        }
        #expect(tombstones == [deleted: ["code": .text("gone")]])
        #expect(try lastToken == container.currentHistoryToken)
    }

    /// The article's and `HistoryConsumer`'s example: a consumer reads what came since its
    /// position, processes it and marks it; the next read starts after it.
    @Test func aConsumerIndexesWhatCameSinceItsPositionAndMarksIt() throws {
        let container = try container()
        let context = container.newBackgroundContext()
        var indexed: [HistoryChange] = []
        func index(_ changes: [HistoryChange]) { indexed += changes }
        try context.performAndWait { () throws in
            try context.insert(Note.self).code = "a"
            try context.save()
            let indexer = HistoryConsumer(name: "search-indexer")
            let transactions = try context.fetchHistory(for: indexer)
            for transaction in transactions { index(transaction.changes) }
            if let last = transactions.last { try context.markHistoryProcessed(through: last.token, for: indexer) }
            #expect(try context.fetchHistory(for: indexer).isEmpty)
        }
        #expect(indexed.map(\.changeType) == [.insert])
    }

    /// The article's other-processes example: another container on the same file stands for
    /// another process; its commit reaches a merging context and `remoteChanges()`.
    @Test func anotherContainersCommitReachesAMergingContextAndRemoteChanges() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("HistoryExample-\(UUID().uuidString).sqlite")
        let container = try container(at: url)
        let other = try self.container(at: url)
        let context = container.newBackgroundContext()
        context.automaticallyMergesChangesFromParent = true
        context.automaticallyMergesRemoteChanges = true      // the view context does this already
        let merged = Recorder<ChangeEvent>()
        let observation = context.addChangeObserver { event in
            if event.changeSet?.isRemote == true { merged.append(event) }
        }
        let printed = Recorder<String>()
        let changes = container.remoteChanges()
        let loop = Task {
            for await change in changes {
                printed.append("other processes committed through \(change.historyToken)")
            }
        }
        let writer = other.newBackgroundContext()
        try await writer.perform {
            try writer.insert(Note.self).code = "elsewhere"
            try writer.save()
        }
        await eventually { merged.values.count == 1 && printed.values.count == 1 }
        loop.cancel()
        observation.cancel()
    }
}
