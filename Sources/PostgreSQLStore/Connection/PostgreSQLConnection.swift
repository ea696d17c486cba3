import NIOConcurrencyHelpers
import ObjectStore
import NIOCore
package import PostgresNIO

/// One connection of the pool, lent to a closure: its statements run one after the other on the
/// same server session, so a transaction begun on it stays on it.
///
/// Statements are `PostgresQuery` values, whose string interpolation sends every interpolated
/// value as a bind parameter (`"SELECT \(name)"` sends `$1`); names of schemas and tables, which
/// cannot be parameters, go through ``PostgreSQLIdentifier``.
package struct PostgreSQLConnection: Sendable {
    let connection: PostgresConnection
    /// Fails the statements waiting on the connection when it closes.
    let closeWatch: ConnectionCloseWatch
    let logger: Logger
    let settings: PostgreSQLSettings

    /// Runs `query`, waiting for the server's answer, and returns all its rows.
    ///
    /// - Throws: ``PostgreSQLStoreError``: the server's refusal, a timeout, or a lost connection.
    @discardableResult
    package func query(_ query: PostgresQuery) throws(PostgreSQLStoreError) -> [PostgresRow] {
        Array(try answer(to: query))
    }

    /// Runs `query`, waiting for the server's answer, and returns the number of rows it
    /// inserted, updated or deleted.
    ///
    /// - Throws: ``PostgreSQLStoreError``.
    @discardableResult
    package func changedRows(_ query: PostgresQuery) throws(PostgreSQLStoreError) -> Int {
        try answer(to: query).metadata.rows ?? 0
    }

    /// Sends `query` without waiting for the server's answer: statements queue on the connection
    /// and run in order, so the next one follows it on the connection's event loop instead of
    /// after this thread wakes. For a statement whose answer is read later (``Sent/wait()``) or
    /// not at all: a read-only transaction's `BEGIN` and `COMMIT`, never a statement that writes.
    @discardableResult
    package func send(_ query: PostgresQuery) -> Sent {
        OperationCounts.record(\.serverStatements)
        return Sent(answer: connection.query(query, logger: logger), connection: self)
    }

    /// A statement sent with ``send(_:)``.
    package struct Sent {
        let answer: EventLoopFuture<PostgresQueryResult>
        let connection: PostgreSQLConnection

        /// Waits for the statement's answer.
        ///
        /// - Throws: ``PostgreSQLStoreError``: the server's refusal, or a lost connection.
        package func wait() throws(PostgreSQLStoreError) {
            do {
                _ = try answer.wait()
            } catch {
                throw .from(error, server: connection.settings.description, queryTimeout: connection.settings.queryTimeout)
            }
        }
    }

    /// The server's answer to `query`; fails as soon as the connection closes, whether or not
    /// the driver has failed the statement yet (a connection the server ends between two
    /// statements of a transaction must not leave the caller waiting).
    private func answer(to query: PostgresQuery) throws(PostgreSQLStoreError) -> PostgresQueryResult {
        let server = settings.description
        OperationCounts.record(\.serverStatements)
        guard !connection.isClosed else { throw .connectionLost(server: server, reason: "the connection was closed") }
        let answer = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
        let answered = NIOLockedValueBox(false)
        let finish: @Sendable (Result<PostgresQueryResult, any Error>) -> Void = { result in
            guard answered.withLockedValue({ done in defer { done = true }; return !done }) else { return }
            answer.completeWith(result)
        }
        let watched = closeWatch.add {
            finish(.failure(PostgreSQLStoreError.connectionLost(server: server, reason: "the connection closed while a statement ran")))
        }
        connection.query(query, logger: logger).whenComplete { [closeWatch] result in
            finish(result)
            if let watched { closeWatch.remove(watched) }
        }
        do {
            return try answer.futureResult.wait()
        } catch {
            throw .from(error, server: server, queryTimeout: settings.queryTimeout)
        }
    }

    /// Closes the connection, so that the pool opens another in its place; for a connection left
    /// in a state that cannot be trusted (a transaction that could not be rolled back).
    func discard() {
        try? connection.close().wait()
    }
}
