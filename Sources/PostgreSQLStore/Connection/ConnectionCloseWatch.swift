import NIOConcurrencyHelpers
import PostgresNIO

/// The statements waiting on one connection, failed together when it closes: one callback on
/// the connection's close future for all of them, where a callback per statement would stay
/// with the future (and its statement's memory with it) until the connection closed, hours of
/// statements later.
final class ConnectionCloseWatch: Sendable {
    private struct State {
        var nextToken = 0
        var waiting: [Int: @Sendable () -> Void] = [:]
        var isClosed = false
    }

    private let state = NIOLockedValueBox(State())

    init(_ connection: PostgresConnection) {
        connection.closeFuture.whenComplete { [state] _ in
            let waiting = state.withLockedValue { state in
                state.isClosed = true
                defer { state.waiting = [:] }
                return state.waiting
            }
            for failure in waiting.values { failure() }
        }
    }

    /// Runs `failure` when the connection closes before ``remove(_:)`` is called with the token
    /// returned, at once (returning nil) when it has closed already.
    func add(_ failure: @escaping @Sendable () -> Void) -> Int? {
        let token = state.withLockedValue { state -> Int? in
            guard !state.isClosed else { return nil }
            state.nextToken += 1
            state.waiting[state.nextToken] = failure
            return state.nextToken
        }
        if token == nil { failure() }
        return token
    }

    /// Forgets the failure added under `token`.
    func remove(_ token: Int) {
        state.withLockedValue { _ = $0.waiting.removeValue(forKey: token) }
    }
}
