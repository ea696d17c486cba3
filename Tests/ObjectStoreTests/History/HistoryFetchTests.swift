import Foundation
import ObjectStore
import Testing

@Suite struct HistoryFetchTests {
    /// Five saves, one note each, by authors a, b, nil, a, b; returns the container and the
    /// transactions' tokens.
    private func fiveSaves() async throws -> (PersistentContainer, ManagedObjectContext, [HistoryToken]) {
        let (container, _) = try HistoryModel.container()
        let context = container.newBackgroundContext()
        let tokens = try await context.perform {
            for (index, author) in ["a", "b", nil, "a", "b"].enumerated() {
                context.transactionAuthor = author
                _ = try context.savedNote(code: "n\(index)")
            }
            return try context.fetchHistory(after: nil).map(\.token)
        }
        return (container, context, tokens)
    }

    @Test func fetchAfterATokenWithALimitAndByAuthor() async throws {
        let (_, context, tokens) = try await fiveSaves()
        try #require(tokens.count == 5)
        let (after, page, onlyA, notA) = try await context.perform {
            (try context.fetchHistory(after: tokens[0]),
             try context.fetchHistory(after: tokens[0], limit: 2),
             try context.fetchHistory(after: nil, limit: nil, author: .only("a")),
             try context.fetchHistory(after: tokens[0], limit: nil, author: .excluding("a")))
        }
        #expect(after.map(\.token) == Array(tokens[1...]))
        #expect(page.map(\.token) == [tokens[1], tokens[2]])
        #expect(onlyA.map(\.token) == [tokens[0], tokens[3]] && onlyA.allSatisfy { $0.author == "a" })
        #expect(notA.map(\.token) == [tokens[1], tokens[2], tokens[4]])
        #expect(notA.map(\.author) == ["b", nil, "b"])
    }

    @Test func deleteHistoryRemovesOlderTransactionsAndExpiresTheirTokens() async throws {
        let (container, context, tokens) = try await fiveSaves()
        try #require(tokens.count == 5)
        let (kept, afterNewestPurged, afterKept) = try await context.perform {
            try context.deleteHistory(before: tokens[2])
            return (try context.fetchHistory(after: nil).map(\.token),
                    try context.fetchHistory(after: tokens[1]).map(\.token),
                    try context.fetchHistory(after: tokens[2]).map(\.token))
        }
        #expect(kept == Array(tokens[2...]))
        #expect(afterNewestPurged == Array(tokens[2...]))
        #expect(afterKept == Array(tokens[3...]))
        #expect(try container.currentHistoryToken == tokens[4])
        let error = await context.perform { () -> ObjectStoreError? in
            do throws(ObjectStoreError) {
                _ = try context.fetchHistory(after: tokens[0])
                return nil
            } catch {
                return error
            }
        }
        guard case let .historyExpired(token, oldest) = error else {
            Issue.record("expected historyExpired, got \(String(describing: error))")
            return
        }
        #expect(token == tokens[0] && oldest == tokens[2])
        #expect(error?.description.contains("was purged") == true)
    }
}
