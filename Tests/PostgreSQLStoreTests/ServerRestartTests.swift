@testable import PostgreSQLStore
import PostgreSQLTestSupport
import PostgresNIO
import Testing

extension PostgreSQLServerTests {
    /// On private servers, which these tests crash and restart without disturbing the others.
    @Suite(
        "A server that crashes and restarts",
        .enabled(if: PostgreSQLTestServer.canStartPrivateServer, "needs PostgreSQL's programs, to start, crash and restart a server of its own")
    )
    struct ServerRestartTests {
        @Test func thePoolReconnectsAfterTheServerCrashesAndRestartsAndCommittedRowsSurvive() async throws {
            try await withPrivateServer { server in
                let settings = try PostgreSQLSettings(url: server.url, schema: "crash", poolSize: 2, connectTimeout: .seconds(2))
                try await withPool(settings) { pool in
                    let schema = try PostgreSQLStoreSchema.open(on: pool)
                    try pool.query("CREATE TABLE crash.items (id int PRIMARY KEY)")
                    try pool.withTransaction { connection in try connection.query("INSERT INTO crash.items VALUES (\(1))") }

                    try await server.stop(.immediate)
                    #expect(throws: PostgreSQLStoreError.self) { try pool.query("SELECT 1") }

                    try await server.start()
                    var answered = false
                    for _ in 0..<40 where !answered {
                        answered = (try? pool.query("SELECT 1")) != nil
                        if !answered { try await Task.sleep(for: .milliseconds(250)) }
                    }
                    #expect(answered, "the pool did not reconnect within 40 tries of the restart")
                    let ids = try pool.query("SELECT id FROM crash.items").map { try $0.decode(Int32.self) }
                    #expect(ids == [1])
                    #expect(try PostgreSQLStoreSchema.open(on: pool).storeIdentifier == schema.storeIdentifier)
                }
            }
        }

        @Test func aFastStopAndRestartKeepsTheStore() async throws {
            try await withPrivateServer { server in
                let settings = try PostgreSQLSettings(url: server.url, schema: "kept")
                let created = try await withPool(settings) { pool in try PostgreSQLStoreSchema.open(on: pool) }
                try await server.restart(after: .fast)
                let reopened = try await withPool(settings) { pool in try PostgreSQLStoreSchema.open(on: pool) }
                #expect(reopened.storeIdentifier == created.storeIdentifier)
                #expect(!reopened.wasCreated)
            }
        }
    }
}
