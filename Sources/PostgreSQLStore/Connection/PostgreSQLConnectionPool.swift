import DiffableSupport
import Dispatch
package import Logging
import NIOCore
import NIOPosix
package import PostgresNIO

/// A PostgreSQL store's connections to its server, from ``open(_:logger:)`` to ``close()``.
///
/// The store's contexts work synchronously on their own queues, so a statement here blocks the
/// calling thread until the server answers. The connections run on an event loop of the pool's
/// own, which no caller ever runs on: waiting never blocks the loop that does the work, nor
/// Swift's cooperative threads (nothing here runs a task).
///
/// Getting a connection waits at most the settings' connect timeout; a statement runs at most
/// their query timeout (the server cancels it). A connection the server closed, or one whose
/// transaction could not be rolled back, is dropped and replaced by a new one when next needed.
package final class PostgreSQLConnectionPool: Sendable {
    /// Where the server is and how the pool talks to it.
    package let settings: PostgreSQLSettings
    private let logger: Logger
    private let group: MultiThreadedEventLoopGroup
    /// One permit per connection the pool may hold (``PostgreSQLSettings/poolSize``).
    private let permits: DispatchSemaphore
    private let state = Locked(State())

    /// A connection and the watch of its statements, kept together while the pool holds it.
    private struct Pooled: Sendable {
        let connection: PostgresConnection
        let closeWatch: ConnectionCloseWatch

        init(_ connection: PostgresConnection) {
            self.connection = connection
            closeWatch = ConnectionCloseWatch(connection)
        }
    }

    private struct State {
        var idle: [Pooled] = []
        var isClosed = false
        var nextIdentifier = 1
    }

    private init(settings: PostgreSQLSettings, logger: Logger, group: MultiThreadedEventLoopGroup, first: PostgresConnection) {
        let first = Pooled(first)
        self.settings = settings
        self.logger = logger
        self.group = group
        permits = DispatchSemaphore(value: settings.poolSize)
        state.withLock { $0.idle = [first] }
    }

    deinit {
        for pooled in state.withLock({ $0.idle }) { pooled.connection.close().whenComplete { _ in } }
        group.shutdownGracefully { _ in }
    }

    /// A logger that drops everything, for callers that pass none.
    package static let silentLogger = Logger(label: "DiffableStore.PostgreSQLStore", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Connects once to check the server, the credentials and TLS, and keeps that connection as
    /// the pool's first.
    ///
    /// - Parameter logger: receives the pool's and the driver's messages; none holds the
    ///   password.
    /// - Throws: ``PostgreSQLStoreError/cannotConnect(server:reason:)`` with the driver's or the
    ///   server's reason.
    package static func open(_ settings: PostgreSQLSettings, logger: Logger = silentLogger) throws(PostgreSQLStoreError) -> PostgreSQLConnectionPool {
        let server = settings.description
        logger.debug("Connecting to the PostgreSQL server at \(server)")
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let connection = try connect(settings, id: 0, on: group, logger: logger)
            do {
                _ = try connection.query("SELECT 1", logger: logger).wait()
            } catch {
                try? connection.close().wait()
                throw error
            }
            logger.debug("Connected to the PostgreSQL server at \(server); pool of \(settings.poolSize)")
            return PostgreSQLConnectionPool(settings: settings, logger: logger, group: group, first: connection)
        } catch {
            group.shutdownGracefully { _ in }
            throw .from(error, server: server, queryTimeout: settings.queryTimeout, connecting: true)
        }
    }

    private static func connect(_ settings: PostgreSQLSettings, id: Int, on group: MultiThreadedEventLoopGroup, logger: Logger) throws -> PostgresConnection {
        try PostgresConnection.connect(on: group.next(), configuration: settings.connectionConfiguration, id: id, logger: logger).wait()
    }

    /// Closes every connection; statements still running fail with
    /// ``PostgreSQLStoreError/closed(server:)`` or ``PostgreSQLStoreError/connectionLost(server:reason:)``,
    /// later ones with ``PostgreSQLStoreError/closed(server:)``.
    package func close() {
        let idle = state.withLock { state in
            state.isClosed = true
            defer { state.idle = [] }
            return state.idle
        }
        for pooled in idle { try? pooled.connection.close().wait() }
    }

    /// Lends a connection to `body` and returns what it returns.
    ///
    /// - Throws: ``PostgreSQLStoreError/connectionUnavailable(server:timeout:)`` when no
    ///   connection is had within the connect timeout; ``PostgreSQLStoreError/closed(server:)``
    ///   after ``close()``; and what `body` throws.
    package func withConnection<Result>(_ body: (PostgreSQLConnection) throws -> Result) throws -> Result {
        let pooled = try checkOut()
        defer { checkIn(pooled) }
        return try body(PostgreSQLConnection(connection: pooled.connection, closeWatch: pooled.closeWatch, logger: logger, settings: settings))
    }

    /// Runs `query` on a connection of the pool and returns all its rows.
    ///
    /// - Throws: ``PostgreSQLStoreError``.
    @discardableResult
    package func query(_ query: PostgresQuery) throws(PostgreSQLStoreError) -> [PostgresRow] {
        do {
            return try withConnection { connection in try connection.query(query) }
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
    package func withTransaction<Result>(_ body: (PostgreSQLConnection) throws -> Result) throws -> Result {
        try withConnection { connection in
            try connection.query("BEGIN")
            let result: Result
            do {
                result = try body(connection)
            } catch {
                do {
                    try connection.query("ROLLBACK")
                } catch {
                    connection.discard()
                }
                throw error
            }
            try connection.query("COMMIT")
            return result
        }
    }

    // MARK: Lending

    /// Waits for a permit, then takes an idle connection or opens one.
    private func checkOut() throws(PostgreSQLStoreError) -> Pooled {
        let server = settings.description
        guard !state.withLock({ $0.isClosed }) else { throw .closed(server: server) }
        let deadline = DispatchTime.now() + .nanoseconds(Int(settings.connectTimeout.nanoseconds))
        guard permits.wait(timeout: deadline) == .success else {
            throw .connectionUnavailable(server: server, timeout: settings.connectTimeout)
        }
        let (idle, identifier, isClosed) = state.withLock { state -> (Pooled?, Int, Bool) in
            while let pooled = state.idle.popLast() {
                if !pooled.connection.isClosed { return (pooled, 0, state.isClosed) }
            }
            defer { state.nextIdentifier += 1 }
            return (nil, state.nextIdentifier, state.isClosed)
        }
        if isClosed {
            permits.signal()
            throw .closed(server: server)
        }
        if let idle { return idle }
        do {
            return Pooled(try Self.connect(settings, id: identifier, on: group, logger: logger))
        } catch {
            permits.signal()
            throw .from(error, server: server, queryTimeout: settings.queryTimeout)
        }
    }

    /// Gives a connection back: kept for the next caller while it is open and the pool is not
    /// closed, else closed.
    private func checkIn(_ pooled: Pooled) {
        let kept = state.withLock { state -> Bool in
            guard !state.isClosed, !pooled.connection.isClosed else { return false }
            state.idle.append(pooled)
            return true
        }
        if !kept { try? pooled.connection.close().wait() }
        permits.signal()
    }
}
