import Foundation
import Logging
@testable import PostgreSQLStore
import PostgreSQLTestSupport
import Testing

/// The suites that need a server: the tests' shared throwaway server, or the one
/// `DIFFABLESTORE_POSTGRES_URL` names. Without either, none of their tests runs and one line
/// says so (CI fails on that line).
@Suite("PostgreSQL server", .postgreSQLServerRequired)
enum PostgreSQLServerTests {
    /// Settings for the shared server, with a schema of the test's own.
    static func settings(
        schema: String = uniqueSchema(),
        connectTimeout: Duration = .seconds(10),
        queryTimeout: Duration? = nil
    ) async throws -> PostgreSQLSettings {
        try await PostgreSQLSettings(url: PostgreSQLTestServer.shared().url, schema: schema, poolSize: 4, connectTimeout: connectTimeout, queryTimeout: queryTimeout)
    }

    /// A schema name no other test uses.
    static func uniqueSchema() -> String {
        PostgreSQLTestServer.uniqueSchema(prefix: "test_")
    }

    /// Runs `body` with a pool open on `settings`, and closes the pool whatever `body` does.
    static func withPool<Result>(
        _ settings: PostgreSQLSettings,
        logger: Logger = PostgreSQLConnectionPool.silentLogger,
        _ body: (PostgreSQLConnectionPool) async throws -> Result
    ) async throws -> Result {
        let pool = try PostgreSQLConnectionPool.open(settings, logger: logger)
        do {
            let result = try await body(pool)
            pool.close()
            return result
        } catch {
            pool.close()
            throw error
        }
    }

    /// Runs `body` with a private server, and removes the server whatever `body` does.
    static func withPrivateServer<Result>(_ body: (PostgreSQLTestServer) async throws -> Result) async throws -> Result {
        let server = try await PostgreSQLTestServer.startPrivate()
        do {
            let result = try await body(server)
            await server.remove()
            return result
        } catch {
            await server.remove()
            throw error
        }
    }

    /// The names of the tables, views and sequences in `schema`.
    static func relations(in schema: String, on pool: PostgreSQLConnectionPool) throws -> [String] {
        try pool.query("""
            SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = \(schema) AND c.relkind IN ('r', 'v', 'S') ORDER BY 1
            """).map { try $0.decode(String.self) }
    }
}
