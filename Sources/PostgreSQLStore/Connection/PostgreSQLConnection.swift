package import PostgresNIO

/// One connection of the pool, lent to a closure: its statements run one after the other on the
/// same server session, so a transaction begun on it stays on it.
///
/// Statements are `PostgresQuery` values, whose string interpolation sends every interpolated
/// value as a bind parameter (`"SELECT \(name)"` sends `$1`); names of schemas and tables, which
/// cannot be parameters, go through ``PostgreSQLIdentifier``.
package struct PostgreSQLConnection: Sendable {
    let connection: PostgresConnection
    let logger: Logger
    let settings: PostgreSQLSettings

    /// Runs `query`, waiting for the server's answer, and returns all its rows.
    ///
    /// - Throws: ``PostgreSQLStoreError``: the server's refusal, a timeout, or a lost connection.
    @discardableResult
    package func query(_ query: PostgresQuery) throws(PostgreSQLStoreError) -> [PostgresRow] {
        do {
            return Array(try connection.query(query, logger: logger).wait())
        } catch {
            throw .from(error, server: settings.description, queryTimeout: settings.queryTimeout)
        }
    }

    /// Runs `query`, waiting for the server's answer, and returns the number of rows it
    /// inserted, updated or deleted.
    ///
    /// - Throws: ``PostgreSQLStoreError``.
    @discardableResult
    package func changedRows(_ query: PostgresQuery) throws(PostgreSQLStoreError) -> Int {
        do {
            return try connection.query(query, logger: logger).wait().metadata.rows ?? 0
        } catch {
            throw .from(error, server: settings.description, queryTimeout: settings.queryTimeout)
        }
    }

    /// Closes the connection, so that the pool opens another in its place; for a connection left
    /// in a state that cannot be trusted (a transaction that could not be rolled back).
    func discard() {
        try? connection.close().wait()
    }
}
