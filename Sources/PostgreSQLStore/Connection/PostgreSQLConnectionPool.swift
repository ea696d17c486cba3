import DiffableSupport
package import Logging
package import PostgresNIO

/// A PostgreSQL store's connections to its server: postgres-nio's `PostgresClient` and its pool,
/// run from ``open(_:logger:)`` to ``close()``.
///
/// Every statement waits for a connection at most the settings' connect timeout, and runs at most
/// their query timeout (the server cancels it).
package final class PostgreSQLConnectionPool: Sendable {
    /// Where the server is and how the pool talks to it.
    package let settings: PostgreSQLSettings
    private let client: PostgresClient
    private let logger: Logger
    /// The task running the client, until ``close()`` takes it.
    private let running: Locked<Task<Void, Never>?>

    private init(settings: PostgreSQLSettings, client: PostgresClient, logger: Logger) {
        self.settings = settings
        self.client = client
        self.logger = logger
        running = Locked(Task { await client.run() })
    }

    /// A logger that drops everything, for callers that pass none.
    package static let silentLogger = Logger(label: "DiffableStore.PostgreSQLStore", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Connects once to check the server, the credentials and TLS, then starts the pool.
    ///
    /// - Parameter logger: receives the pool's and the driver's messages; none holds the
    ///   password.
    /// - Throws: ``PostgreSQLStoreError/cannotConnect(server:reason:)`` with the driver's or the
    ///   server's reason.
    package static func open(_ settings: PostgreSQLSettings, logger: Logger = silentLogger) async throws(PostgreSQLStoreError) -> PostgreSQLConnectionPool {
        let server = settings.description
        logger.debug("Connecting to the PostgreSQL server at \(server)")
        do {
            let configuration = try settings.connectionConfiguration
            try await StartDeadline.run(
                limit: settings.connectTimeout,
                timeoutError: .cannotConnect(server: server, reason: "no answer within \(settings.connectTimeout)")
            ) { started in
                let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                do {
                    try await connection.query("SELECT 1", logger: logger)
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
                try started()
            }
        } catch {
            throw .from(error, server: server, queryTimeout: settings.queryTimeout, connecting: true)
        }
        logger.debug("Connected to the PostgreSQL server at \(server); pool of \(settings.poolSize)")
        return PostgreSQLConnectionPool(
            settings: settings,
            client: PostgresClient(configuration: settings.clientConfiguration, backgroundLogger: logger),
            logger: logger
        )
    }

    /// Closes every connection and stops the pool; statements still running fail with
    /// ``PostgreSQLStoreError/closed(server:)``. Returns once the pool has stopped.
    package func close() async {
        let task = running.withLock { task in
            defer { task = nil }
            return task
        }
        task?.cancel()
        await task?.value
    }

    /// Lends a connection to `body` and returns what it returns.
    ///
    /// - Throws: ``PostgreSQLStoreError/connectionUnavailable(server:timeout:)`` when no
    ///   connection is had within the connect timeout; ``PostgreSQLStoreError/closed(server:)``
    ///   after ``close()``; and what `body` throws.
    package func withConnection<Result: Sendable>(_ body: @escaping @Sendable (PostgreSQLConnection) async throws -> Result) async throws -> Result {
        let server = settings.description
        guard running.withLock({ $0 != nil }) else { throw PostgreSQLStoreError.closed(server: server) }
        let (client, logger, settings) = (client, logger, settings)
        do {
            return try await StartDeadline.run(
                limit: settings.connectTimeout,
                timeoutError: .connectionUnavailable(server: server, timeout: settings.connectTimeout)
            ) { started in
                try await client.withConnection { connection in
                    try started()
                    return try await body(PostgreSQLConnection(connection: connection, logger: logger, settings: settings))
                }
            }
        } catch let error as PSQLError {
            throw PostgreSQLStoreError.from(error, server: server, queryTimeout: settings.queryTimeout)
        }
    }

    /// Runs `query` on a connection of the pool and returns all its rows.
    ///
    /// - Throws: ``PostgreSQLStoreError``.
    @discardableResult
    package func query(_ query: PostgresQuery) async throws(PostgreSQLStoreError) -> [PostgresRow] {
        do {
            return try await withConnection { connection in try await connection.query(query) }
        } catch {
            throw .from(error, server: settings.description, queryTimeout: settings.queryTimeout)
        }
    }

    /// Runs `body` in a transaction on one connection: `BEGIN`, then `COMMIT` when `body`
    /// returns, `ROLLBACK` when it throws (and the error is rethrown).
    ///
    /// A connection whose rollback fails is closed rather than given back to the pool.
    ///
    /// - Throws: what `body` throws, or ``PostgreSQLStoreError`` for `BEGIN` or `COMMIT`; a
    ///   ``PostgreSQLStoreError/connectionLost(server:reason:)`` during `COMMIT` leaves the
    ///   outcome unknown.
    @discardableResult
    package func withTransaction<Result: Sendable>(_ body: @escaping @Sendable (PostgreSQLConnection) async throws -> Result) async throws -> Result {
        try await withConnection { connection in
            try await connection.query("BEGIN")
            let result: Result
            do {
                result = try await body(connection)
            } catch {
                do {
                    try await connection.query("ROLLBACK")
                } catch {
                    await connection.discard()
                }
                throw error
            }
            try await connection.query("COMMIT")
            return result
        }
    }
}
