import DiffableSupport

/// An error of a PostgreSQL store: connecting, running a statement, or opening its schema.
///
/// Servers are named by their settings' description, with `***` for the password; the server's
/// own messages are kept, the statements and their bound values are not.
package enum PostgreSQLStoreError: Error, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The first connection to `server` failed: refused, unreachable, rejected credentials or
    /// TLS; `reason` is the driver's or the server's message.
    case cannotConnect(server: String, reason: String)
    /// No connection to `server` became free or could be opened within `timeout`.
    case connectionUnavailable(server: String, timeout: Duration)
    /// The connection to `server` closed or broke while a statement ran; its outcome, if it was
    /// a `COMMIT`, is unknown, any other statement's transaction was rolled back by the server.
    case connectionLost(server: String, reason: String)
    /// The server refused or failed a statement: `sqlState` is its five-character code,
    /// `message` its text.
    case statementFailed(sqlState: String, message: String)
    /// A statement ran longer than the query timeout and the server cancelled it.
    case statementTimedOut(timeout: Duration?)
    /// The schema `schema` of `database` holds tables, views or sequences the store did not
    /// create (`found`, the first few); it was left unchanged.
    case foreignSchema(schema: String, database: String, found: [String])
    /// The store in `schema` was written by a later version of this library (its format
    /// version is `version`; this one reads up to `supportedVersion`); it was left unchanged.
    case newerSchemaVersion(schema: String, version: Int, supportedVersion: Int)
    /// The store's connections to `server` were closed, or never opened.
    case closed(server: String)
    /// A row the server sent does not hold what the store expects: `reason` names the column
    /// and the type.
    case unreadableResult(reason: String)
    /// The driver failed in another way (`reason`, its message) talking to `server`.
    case driverFailure(server: String, reason: String)

    /// Sentences that say what failed, where, and what to do.
    package var description: String {
        switch self {
        case let .cannotConnect(server, reason):
            return "Cannot connect to the PostgreSQL server at \(server): \(clause(reason)). Check that the server runs and accepts TCP connections there, and the user, password and sslmode."
        case let .connectionUnavailable(server, timeout):
            return "No connection to the PostgreSQL server at \(server) could be had within \(timeout). Check that the server is up, or raise the pool size or the connect timeout."
        case let .connectionLost(server, reason):
            return "The connection to the PostgreSQL server at \(server) was lost: \(clause(reason)). Retry once the server is back; a transaction that was not committed left nothing."
        case let .statementFailed(sqlState, message):
            return "The PostgreSQL server refused a statement (SQLSTATE \(sqlState)): \(clause(message))."
        case let .statementTimedOut(timeout):
            let limit = timeout.map { " of \($0)" } ?? ""
            return "A statement ran past the query timeout\(limit) and the server cancelled it. Raise the query timeout, or fetch less at once."
        case let .foreignSchema(schema, database, found):
            let shown = found.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
            let rest = found.count > 8 ? " and \(found.count - 8) more" : ""
            return "The schema \"\(schema)\" of the database \"\(database)\" holds tables the store did not create (\(shown)\(rest)). It was left unchanged; name another schema for the store, or move those tables out of this one."
        case let .newerSchemaVersion(schema, version, supported):
            return "The store in the schema \"\(schema)\" was written by a later version of this library (format version \(version); this version reads up to \(supported)). It was left unchanged; open it with that version or later."
        case let .closed(server):
            return "The store's connections to the PostgreSQL server at \(server) are closed. Open the store again to use it."
        case let .unreadableResult(reason):
            return "A row from the PostgreSQL server does not hold what the store expects: \(clause(reason)). Check that the schema was written by this store."
        case let .driverFailure(server, reason):
            return "Talking to the PostgreSQL server at \(server) failed: \(clause(reason)). Retry; report it if it persists."
        }
    }

    /// The same sentences, with the case name for logs.
    package var debugDescription: String {
        "PostgreSQLStoreError: \(description)"
    }
}
