package import Testing

/// How long a test waits for work queued on the main actor before it calls it lost.
///
/// Every main-actor suite of the whole test run starts at once and shares that one thread: on a
/// loaded two-core machine a delivery queued there at the start of the run has been seen to wait
/// more than a minute behind other suites, though nothing was wrong.
package let mainActorPatience: Duration = .seconds(300)

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

/// Waits for `task`, which follows a sequence that ends by itself, and returns its value; when
/// it has not ended within `patience`, cancels it (the sequence then ends early) and records an
/// issue, so that a sequence that never ends fails the test instead of hanging it.
package func value<Success: Sendable>(
    of task: Task<Success, Never>,
    within patience: Duration = mainActorPatience,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> Success {
    let watchdog = Task {
        try await Task.sleep(for: patience)
        task.cancel()
        Issue.record("the sequence did not end within \(patience)", sourceLocation: sourceLocation)
    }
    let value = await task.value
    watchdog.cancel()
    return value
}
