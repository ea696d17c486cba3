import DiffableSupport
import Foundation
import ObjectStore
@testable import PostgreSQLStore
import PostgreSQLTestSupport
import TestSupport
import Testing

extension PostgreSQLServerTests {
    /// What a host or the server failing costs: latency, never a commit.
    @Suite("Hosts and the server failing")
    struct HostFaultTests {
        @Test func aTransactionWhoseConnectionIsKilledLeavesNothingAndTheNextCommitTakesItsNumber() async throws {
            let settings = try await settings()
            let container = try PersistentContainer(name: "League", model: LeagueModel.model, store: .postgreSQL(settings))
            let store = try PostgreSQLObjectStore.open(settings, model: LeagueModel.model, tracksHistory: true, historyRetention: 3600)
            let before = try store.currentGeneration()
            let victim = try PostgreSQLConnectionPool.open(settings)
            let killer = try PostgreSQLConnectionPool.open(settings)
            do {
                try victim.withConnection { connection in
                    try connection.query("BEGIN")
                    _ = try store.advanceGeneration(on: connection)
                    try connection.query(#"INSERT INTO "ContractClub" (Z_PK, Z_OPT, "name", "city", "founded") VALUES (999, 1, 'Ghost', '', 1900)"#)
                    let backend = try #require(try connection.query("SELECT pg_backend_pid()").first).decode(Int32.self)
                    try killer.query("SELECT pg_terminate_backend(\(backend))")
                    try connection.query("COMMIT")
                }
                Issue.record("a commit on a killed connection succeeded")
            } catch {
                #expect(error is PostgreSQLStoreError, "\(error)")
            }
            #expect(try store.currentGeneration() == before)
            let context = container.newBackgroundContext()
            let (names, generation) = try context.performAndWait { () throws -> ([String], Int64?) in
                try context.insert(LeagueModel.Club.self).name = "Real"
                try context.save()
                return (try context.fetch(FetchRequest<LeagueModel.Club>()).map(\.name), try context.fetchHistory(after: nil).last?.token.generation)
            }
            #expect(names == ["Real"])
            #expect(generation == before + 1)
            victim.close()
            killer.close()
        }

        @Test(.enabled(if: PostgreSQLTestServer.canStartPrivateServer, "needs PostgreSQL's programs, to crash and restart a server of its own"))
        func afterTheServerCrashesAndRestartsHostsResumeFollowingEachOther() async throws {
            try await withPrivateServer { server in
                let settings = try PostgreSQLSettings(url: server.url, schema: "crash", poolSize: 2, connectTimeout: .seconds(2))
                let here = try PersistentContainer(name: "League", model: LeagueModel.model, store: .postgreSQL(settings))
                let there = try PersistentContainer(name: "League", model: LeagueModel.model, store: .postgreSQL(settings))
                let followed = Locked<Int64>(0)
                // Subscribed before the first save, so that no remote change goes by unseen.
                let changes = here.remoteChanges()
                let following = Task {
                    for await change in changes { followed.withLock { $0 = max($0, change.historyToken.generation) } }
                }
                defer { following.cancel() }
                let writer = there.newBackgroundContext()
                let first = try writer.performAndWait { () throws -> Int64 in
                    try writer.insert(LeagueModel.Club.self).name = "Before"
                    try writer.save()
                    return try #require(try writer.fetchHistory(after: nil).last).token.generation
                }
                await eventually { followed.value >= first }

                try await server.stop(.immediate)
                let failed = writer.performAndWait { () -> Bool in
                    defer { writer.rollback() }
                    return (try? writer.insert(LeagueModel.Club.self).name = "Lost") != nil && (try? writer.save()) == nil
                }
                #expect(failed, "a save while the server is down fails")
                try await server.start()

                var saved = false
                for _ in 0..<40 where !saved {
                    saved = writer.performAndWait { () -> Bool in
                        writer.rollback()
                        _ = try? writer.insert(LeagueModel.Club.self).name = "After"
                        return (try? writer.save()) != nil
                    }
                    if !saved { try await Task.sleep(for: .milliseconds(250)) }
                }
                #expect(saved, "the other host could not save within 10 s of the restart")
                let last = try writer.performAndWait { try #require(try writer.fetchHistory(after: nil).last).token.generation }
                await eventually { followed.value >= last }
                let reader = here.newBackgroundContext()
                let names = try reader.performAndWait { try reader.fetch(FetchRequest<LeagueModel.Club>(predicate: nil, sortDescriptors: [FetchSortDescriptor(\.name)])).map(\.name) }
                #expect(names == ["After", "Before"])
            }
        }
    }
}
