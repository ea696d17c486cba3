import PostgresNIO

extension PostgreSQLStoreError {
    /// SQLSTATE classes and codes that mean the connection is gone rather than the statement
    /// wrong: connection exceptions, and the server shutting down or crashing.
    private static let lostConnectionStates: Set<String> = ["57P01", "57P02", "57P03"]

    /// `error`, thrown by postgres-nio while talking to `server` (or already a store error), as
    /// a store error; `connecting` when it ended the first connection.
    ///
    /// Only the server's message fields and the driver's error codes are kept: the statement
    /// and its bound values, which `PSQLError`'s debug description shows, are not.
    static func from(_ error: any Error, server: String, queryTimeout: Duration?, connecting: Bool = false) -> PostgreSQLStoreError {
        if let error = error as? PostgreSQLStoreError { return error }
        if let error = error as? PostgresDecodingError {
            return .unreadableResult(reason: "column \(error.columnName) (\(error.targetType) from PostgreSQL \(error.postgresType))")
        }
        guard let error = error as? PSQLError else {
            return connecting ? .cannotConnect(server: server, reason: "\(error)") : .driverFailure(server: server, reason: "\(error)")
        }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? "?????"
            let message = error.serverInfo?[.message] ?? "no message"
            if connecting { return .cannotConnect(server: server, reason: "\(message) (SQLSTATE \(state))") }
            if state == "57014", message.contains("statement timeout") { return .statementTimedOut(timeout: queryTimeout) }
            if state.hasPrefix("08") || lostConnectionStates.contains(state) {
                return .connectionLost(server: server, reason: "\(message) (SQLSTATE \(state))")
            }
            return .statementFailed(sqlState: state, message: message)
        case .poolClosed:
            return .closed(server: server)
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown:
            let reason = error.underlying.map { "\($0)" } ?? "\(error.code)"
            return connecting ? .cannotConnect(server: server, reason: reason) : .connectionLost(server: server, reason: reason)
        default:
            let reason = error.underlying.map { "\(error.code): \($0)" } ?? "\(error.code)"
            return connecting ? .cannotConnect(server: server, reason: reason) : .driverFailure(server: server, reason: reason)
        }
    }
}
