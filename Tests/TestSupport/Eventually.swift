package import Testing

/// Waits, polling, until `condition` holds, and records an issue if it does not within
/// `seconds`: for examples whose loops follow a sequence that never ends by itself.
///
/// The default is long because main-actor tests share one thread: a randomized suite holding
/// it for a minute keeps the deliveries this waits for from running, on a loaded machine
/// longer still.
package func eventually(
    within seconds: Double = 120,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("the condition did not hold within \(seconds) s", sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(for: .milliseconds(2))
    }
}

/// Cancels `loop`, a task iterating a sequence that never ends by itself, and waits for it,
/// rethrowing what it threw.
package func end(_ loop: Task<Void, any Error>) async throws {
    loop.cancel()
    try await loop.value
}
