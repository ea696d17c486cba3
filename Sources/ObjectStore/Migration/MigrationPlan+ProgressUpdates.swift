extension MigrationPlan {
    /// The progress of the migration the next container opened with this plan runs, as an
    /// asynchronous sequence: each report ``progress`` gets, then the end of the sequence when
    /// the container is open or has failed to open (at once when the store needed no migration).
    ///
    /// ```swift
    /// var plan = MigrationPlan(versions: versions, stages: stages)
    /// let updates = plan.progressUpdates()
    /// let watcher = Task {
    ///     for await update in updates { print(update) }   // "stage 1/1 (1 → 2): 50000/100000"
    /// }
    /// let container = try PersistentContainer(name: "Scores", migrationPlan: plan)
    /// await watcher.value
    /// ```
    ///
    /// The migration runs on the thread that creates the container and never waits for the
    /// sequence: a consumer that falls behind misses the oldest reports (the latest 256 are
    /// kept), never the last one. ``progress``, if set, is still called.
    public mutating func progressUpdates() -> AsyncStream<MigrationProgress> {
        let (updates, continuation) = AsyncStream.makeStream(of: MigrationProgress.self, bufferingPolicy: .bufferingNewest(256))
        let previous = progress
        progress = { update in
            previous?(update)
            continuation.yield(update)
        }
        progressFinishers.append { continuation.finish() }
        return updates
    }

    /// Ends the sequences of ``progressUpdates()``.
    func finishProgressUpdates() {
        for finish in progressFinishers { finish() }
    }
}
