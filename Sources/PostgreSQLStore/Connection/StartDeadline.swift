import DiffableSupport

/// Runs work that first waits for something (a connection) and then uses it, and fails the wait,
/// not the use, when it takes longer than a limit: the pool retries a server that refuses
/// connections for up to a minute before it fails a request, and a store should say sooner.
enum StartDeadline {
    /// Where the wait stands.
    private enum State {
        case waiting
        case started
        case expired
    }

    /// Runs `body`, which calls the function it is given once it holds what it waited for; if it
    /// has not after `limit`, `body` is cancelled and `timeoutError` thrown.
    ///
    /// The function throws `timeoutError` when called after the limit passed, so that `body`
    /// gives back what it just received instead of using it.
    static func run<Result: Sendable>(
        limit: Duration,
        timeoutError: PostgreSQLStoreError,
        _ body: @escaping @Sendable (_ started: @escaping @Sendable () throws(PostgreSQLStoreError) -> Void) async throws -> Result
    ) async throws -> Result {
        let state = Locked(State.waiting)
        let started: @Sendable () throws(PostgreSQLStoreError) -> Void = { () throws(PostgreSQLStoreError) in
            let expired = state.withLock { state in
                if state == .waiting { state = .started }
                return state == .expired
            }
            if expired { throw timeoutError }
        }
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask { try await body(started) }
            group.addTask {
                do { try await Task.sleep(for: limit) } catch { return nil }
                let expired = state.withLock { state in
                    if state == .waiting { state = .expired }
                    return state == .expired
                }
                if expired { throw timeoutError }
                return nil
            }
            while let result = try await group.next() {
                if let result {
                    group.cancelAll()
                    return result
                }
            }
            programmerError("the body's task ended without a result or an error")
        }
    }
}
