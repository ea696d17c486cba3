import Foundation
import ObjectStore
import Testing

@Suite struct HistoryTokenTests {
    @Test func tokensOrderCommitsAndSurviveReopeningTheFile() async throws {
        let url: URL
        let tokens: [HistoryToken]
        do {
            let (container, fileURL) = try HistoryModel.container()
            url = fileURL
            let context = container.newBackgroundContext()
            tokens = try await context.perform {
                for code in ["a", "b", "c"] { _ = try context.savedNote(code: code) }
                return try context.fetchHistory(after: nil).map(\.token)
            }
            #expect(try container.currentHistoryToken == tokens.last)
        }
        try #require(tokens.count == 3)
        #expect(tokens == tokens.sorted() && Set(tokens).count == 3)
        let stored = try JSONEncoder().encode(tokens[0])
        let decoded = try JSONDecoder().decode(HistoryToken.self, from: stored)
        #expect(decoded == tokens[0])

        let (reopened, _) = try HistoryModel.container(at: url)
        let context = reopened.newBackgroundContext()
        let later = try await context.perform { try context.fetchHistory(after: decoded).map(\.token) }
        #expect(later == Array(tokens.dropFirst()))
        #expect(try reopened.currentHistoryToken == tokens.last)
        let next = try await context.perform {
            _ = try context.savedNote(code: "d")
            return try context.lastHistoryToken()
        }
        #expect(next > tokens[2])
    }

    @Test func aTokenOfAnotherStoreIsRefused() async throws {
        let (one, _) = try HistoryModel.container()
        let (other, _) = try HistoryModel.container()
        let context = one.newBackgroundContext()
        let token = try await context.perform {
            _ = try context.savedNote(code: "a")
            return try context.lastHistoryToken()
        }
        let otherContext = other.newBackgroundContext()
        let errors = await otherContext.perform { () -> [ObjectStoreError] in
            var errors: [ObjectStoreError] = []
            do throws(ObjectStoreError) { _ = try otherContext.fetchHistory(after: token) } catch { errors.append(error) }
            do throws(ObjectStoreError) { try otherContext.deleteHistory(before: token) } catch { errors.append(error) }
            return errors
        }
        #expect(errors.count == 2)
        for error in errors {
            guard case let .historyTokenOfAnotherStore(refused, store) = error else {
                Issue.record("expected historyTokenOfAnotherStore, got \(error)")
                continue
            }
            #expect(refused == token && store == other.storeIdentifier)
            #expect(error.description.contains("does not belong to this store"))
        }
    }
}
