import Foundation
import GRDB
import ObjectStore
import Testing

@Suite struct HistoryStoreFileTests {
    @Test func aStoreFileWithoutHistoryTablesOpensAndStartsTracking() async throws {
        let url: URL
        do {
            let (container, fileURL) = try HistoryModel.container()
            url = fileURL
            let context = container.newBackgroundContext()
            try await context.perform { _ = try context.savedNote(code: "old") }
        }
        // Make it a file of before the history: no history table.
        let database = try DatabaseQueue(path: url.path)
        try await database.write { db in
            try db.execute(sql: "DROP TABLE Z_HISTORY_TRANSACTION")
        }
        try database.close()

        let (reopened, _) = try HistoryModel.container(at: url)
        #expect(try reopened.currentHistoryToken == nil)
        let context = reopened.newBackgroundContext()
        let history = try await context.perform {
            _ = try context.savedNote(code: "new")
            return try context.fetchHistory(after: nil)
        }
        #expect(history.count == 1 && history.first?.changes.map(\.changeType) == [.insert])
        #expect(try reopened.currentHistoryToken == history.first?.token)
    }

    @Test func twoContainersOnOneFileSeeEveryCommitInCommitOrder() async throws {
        let (first, url) = try HistoryModel.container()
        let (second, _) = try HistoryModel.container(at: url)
        let contexts = [first.newBackgroundContext(name: "first"), second.newBackgroundContext(name: "second")]
        for round in 0..<6 {
            let context = contexts[round % 2]
            try await context.perform { _ = try context.savedNote(code: "n\(round)") }
        }
        let seen = try await withThrowingTaskGroup(of: (Int, [HistoryTransaction]).self) { group in
            for (index, context) in contexts.enumerated() {
                group.addTask { (index, try await context.perform { try context.fetchHistory(after: nil) }) }
            }
            var seen: [[HistoryTransaction]] = [[], []]
            for try await (index, history) in group { seen[index] = history }
            return seen
        }
        // Each container binds the entities to the store anew, so the object IDs of one are not
        // equal to the other's: compare what the transactions say.
        let summaries = seen.map { history in
            history.map { ($0.token, $0.contextName, $0.changes.map { "\($0.changeType) \($0.changedObjectID.entity.name) \($0.changedObjectID.key)" }) }
        }
        #expect(summaries[0].elementsEqual(summaries[1]) { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 })
        #expect(seen[0].allSatisfy { $0.changes.count == 1 })
        #expect(seen[0].map(\.contextName) == ["first", "second", "first", "second", "first", "second"])
        #expect(seen[0].map(\.token) == seen[0].map(\.token).sorted())
        #expect(try first.currentHistoryToken == second.currentHistoryToken)
    }
}
