import Dispatch
import DiffableSupport
import Foundation
import ObjectStore
@testable import PostgreSQLStore
import PostgreSQLTestSupport
import Testing

extension PostgreSQLServerTests {
    /// Generations are given in the order commits become visible, though PostgreSQL commits
    /// transactions in parallel.
    @Suite("Commit order across hosts")
    struct CommitOrderTests {
        @Test func aCommitThatTookTheNextGenerationWaitsUntilTheOneBeforeItIsVisible() async throws {
            let store = try PostgreSQLObjectStore.open(try await settings(), model: LeagueModel.model, tracksHistory: true, historyRetention: 3600)
            let second = Locked<Int64?>(nil)
            let secondDone = DispatchSemaphore(value: 0)
            try store.pool.withConnection { first in
                try first.query("BEGIN")
                let taken = try store.advanceGeneration(on: first)
                DispatchQueue.global().async {
                    second.withLock { $0 = try? store.write { try store.advanceGeneration(on: $0) } }
                    secondDone.signal()
                }
                #expect(secondDone.wait(timeout: .now() + 0.5) == .timedOut, "the second commit took a generation while the first was open")
                #expect(try store.currentGeneration() == taken - 1, "a reader sees the first commit before it committed")
                try first.query("COMMIT")
                #expect(secondDone.wait(timeout: .now() + 30) == .success)
                #expect(second.value == taken + 1)
            }
            #expect(try store.currentGeneration() == (second.value ?? 0))
        }

        @Test func aReadThatSeesACommitSeesEveryCommitNumberedBeforeIt() async throws {
            let description = StoreDescription.postgreSQL(try await settings())
            let hosts = try (0..<2).map { _ in try PersistentContainer(name: "League", model: LeagueModel.model, store: description) }
            let store = try PostgreSQLObjectStore.open(try await settings(schema: try #require(description.schemaName)), model: LeagueModel.model, tracksHistory: true, historyRetention: 3600)
            let group = DispatchGroup()
            for (index, host) in hosts.enumerated() {
                for writer in 0..<2 {
                    let context = host.newBackgroundContext()
                    DispatchQueue.global().async(group: group) {
                        context.performAndWait {
                            for save in 0..<20 {
                                _ = try? context.insert(LeagueModel.Club.self).name = "club \(index) \(writer) \(save)"
                                _ = try? context.save()
                            }
                        }
                    }
                }
            }
            var reads = 0
            repeat {
                let commits = try store.remoteCommits(after: 0, through: nil)
                #expect(!commits.hasGap, "a read through generation \(commits.through) misses a commit numbered before it")
                if commits.through > 0 { #expect(commits.transactions.map(\.token.generation) == Array(1...commits.through)) }
                reads += 1
            } while group.wait(timeout: .now()) == .timedOut
            #expect(try store.currentGeneration() == 80)
            #expect(reads > 0)
        }
    }
}
