import DiffableSupport
import Foundation
@testable import PostgreSQLStore
import PostgreSQLTestSupport
import PostgresNIO
import Testing

extension PostgreSQLServerTests {
    @Suite("Connections, statements and transactions")
    struct ConnectionTests {
        @Test func aParameterisedQueryReturnsTheBoundValuesVerbatim() async throws {
            let text = "O'Brien\"; DROP TABLE users; --"
            try await withPool(await settings()) { pool in
                let rows = try pool.query("SELECT \(text)::text, \(Int64(42))::int8, \(text) = \(text)")
                let (readText, number, equal) = try #require(rows.first).decode((String, Int64, Bool).self)
                #expect(readText == text)
                #expect(number == 42)
                #expect(equal)
            }
        }

        @Test func theServerShowsTheConnectionsUnderTheirApplicationName() async throws {
            var settings = try await settings()
            settings.applicationName = "host-\(settings.schema)"
            try await withPool(settings) { pool in
                let shown = try pool.query("SELECT application_name::text FROM pg_stat_activity WHERE pid = pg_backend_pid()").first?.decode(String.self)
                #expect(shown == settings.applicationName)
            }
        }

        @Test func aTransactionThatThrowsLeavesNothingAndOneThatReturnsIsKept() async throws {
            struct Abandon: Error {}
            let schema = uniqueSchema()
            try await withPool(await settings(schema: schema)) { pool in
                let table = "\(PostgreSQLIdentifier.quoted(schema)).items"
                try pool.query("CREATE SCHEMA \(unescaped: PostgreSQLIdentifier.quoted(schema))")
                try pool.query("CREATE TABLE \(unescaped: table) (name text NOT NULL)")
                #expect(throws: Abandon.self) {
                    try pool.withTransaction { connection in
                        try connection.query("INSERT INTO \(unescaped: table) (name) VALUES (\("dropped"))")
                        try connection.query("CREATE TABLE \(unescaped: PostgreSQLIdentifier.quoted(schema)).dropped (x int)")
                        throw Abandon()
                    }
                }
                try pool.withTransaction { connection in
                    try connection.query("INSERT INTO \(unescaped: table) (name) VALUES (\("kept"))")
                }
                let names = try pool.query("SELECT name FROM \(unescaped: table)").map { try $0.decode(String.self) }
                #expect(names == ["kept"])
                #expect(try relations(in: schema, on: pool) == ["items"])
            }
        }

        @Test func aStatementTheServerRefusesRollsItsTransactionBackWithATypedError() async throws {
            let schema = uniqueSchema()
            try await withPool(await settings(schema: schema)) { pool in
                let table = "\(PostgreSQLIdentifier.quoted(schema)).items"
                try pool.query("CREATE SCHEMA \(unescaped: PostgreSQLIdentifier.quoted(schema))")
                try pool.query("CREATE TABLE \(unescaped: table) (id int PRIMARY KEY)")
                do {
                    try pool.withTransaction { connection in
                        try connection.query("INSERT INTO \(unescaped: table) (id) VALUES (\(1))")
                        try connection.query("INSERT INTO \(unescaped: table) (id) VALUES (\(1))")
                    }
                    Issue.record("a duplicate key was accepted")
                } catch let error as PostgreSQLStoreError {
                    guard case let .statementFailed(state, message) = error else { throw error }
                    #expect(state == "23505")
                    #expect(message.contains("duplicate key"))
                }
                let count = try #require(try pool.query("SELECT count(*) FROM \(unescaped: table)").first).decode(Int64.self)
                #expect(count == 0)
            }
        }

        @Test func aStatementPastTheQueryTimeoutIsCancelledWithATypedError() async throws {
            try await withPool(await settings(queryTimeout: .milliseconds(200))) { pool in
                #expect(throws: PostgreSQLStoreError.statementTimedOut(timeout: .milliseconds(200))) {
                    try pool.query("SELECT pg_sleep(5)")
                }
                let rows = try pool.query("SELECT 1")
                #expect(rows.count == 1)
            }
        }

        @Test func aCallerFindingEveryConnectionLentWaitsTheConnectTimeoutThenFailsWithATypedError() async throws {
            var settings = try await settings(connectTimeout: .milliseconds(300))
            settings.poolSize = 1
            try await withPool(settings) { pool in
                try pool.withConnection { held in
                    try held.query("SELECT 1")
                    let started = ContinuousClock.now
                    #expect(throws: PostgreSQLStoreError.connectionUnavailable(server: settings.description, timeout: .milliseconds(300))) {
                        try pool.query("SELECT 1")
                    }
                    #expect(ContinuousClock.now - started >= .milliseconds(300))
                }
                #expect(try pool.query("SELECT 1").count == 1, "the connection given back serves the next caller")
            }
        }

        @Test func aClosedPoolRefusesStatements() async throws {
            let pool = try PostgreSQLConnectionPool.open(await settings())
            pool.close()
            #expect(throws: PostgreSQLStoreError.closed(server: pool.settings.description)) {
                try pool.query("SELECT 1")
            }
        }

        @Test func aWrongPasswordFailsToConnectWithAnErrorThatHoldsNeitherPassword() async throws {
            var settings = try await settings()
            let rightPassword = try #require(settings.password)
            settings.password = "Wrong-\(UUID().uuidString)"
            do {
                _ = try PostgreSQLConnectionPool.open(settings)
                Issue.record("a wrong password was accepted")
            } catch {
                guard case let .cannotConnect(server, reason) = error else { throw error }
                #expect(server == settings.description)
                #expect(reason.contains("password authentication failed"))
                for text in [error.description, error.debugDescription, String(reflecting: error)] {
                    #expect(!text.contains(rightPassword) && !text.contains(settings.password!), "\(text)")
                }
            }
        }

        @Test func noServerOnThePortFailsToConnectWithATypedError() async throws {
            var settings = try await settings(connectTimeout: .seconds(5))
            settings.port = 1
            #expect {
                _ = try PostgreSQLConnectionPool.open(settings)
            } throws: { error in
                guard case let .cannotConnect(server, _)? = error as? PostgreSQLStoreError else { return false }
                return server.contains("127.0.0.1:1/")
            }
        }

        @Test func noLogLineHoldsThePassword() async throws {
            let lines = Locked<[String]>([])
            let logger = CapturingLogHandler.logger(into: lines)
            let settings = try await settings()
            let password = try #require(settings.password)
            try await withPool(settings, logger: logger) { pool in
                try pool.query("SELECT \(Int64(1)) + 1")
                try pool.withTransaction { connection in try connection.query("SELECT 1") }
            }
            var wrong = settings
            wrong.password = "Wrong-\(password)"
            _ = try? PostgreSQLConnectionPool.open(wrong, logger: logger)
            let logged = lines.value
            #expect(logged.count > 5)
            for line in logged {
                #expect(!line.contains(password), "\(line)")
            }
        }
    }
}
