import DiffableSupport
import Dispatch

/// Runs `body` on Swift's pool and blocks the calling thread until it returns: how a case of
/// the synchronous command awaits asynchronous work that needs no actor of the caller's.
func waitFor(_ body: @escaping @Sendable () async throws -> Void) throws {
    let outcome = Locked<Result<Void, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let result: Result<Void, any Error>
        do {
            try await body()
            result = .success(())
        } catch {
            result = .failure(error)
        }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    try outcome.withLock { $0 }!.get()
}
