import PostgreSQLTestSupport
import Testing

/// The trait of the suite whose tests need a server: without one, it runs none of them and
/// says so in one line, where a condition trait would print a line for every suite and test.
struct PostgreSQLServerRequired: SuiteTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard PostgreSQLTestServer.isAvailable else {
            print(PostgreSQLTestServer.skipLine)
            return
        }
        try await function()
    }
}

extension Trait where Self == PostgreSQLServerRequired {
    /// Runs the suite's tests only when the tests have a PostgreSQL server.
    static var postgreSQLServerRequired: Self { PostgreSQLServerRequired() }
}
