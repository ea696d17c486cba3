public import DiffableSnapshots

extension DiffableDataSource {
    /// Brings the view to `snapshot` with one batch update, computed by diffing the snapshot
    /// shown against it.
    ///
    /// The first apply, and an apply to a view that shows no sections, reload the view instead:
    /// there is nothing to animate from. Items and sections that `snapshot` marks with
    /// `reloadItems(_:)`, `reconfigureItems(_:)` or `reloadSections(_:)` are reloaded or
    /// reconfigured, even when the snapshot equals the one shown.
    ///
    /// Applies run one at a time, in the order they are called, from any thread or actor; this
    /// one returns once the view shows `snapshot`.
    ///
    /// ```swift
    /// var snapshot = dataSource.snapshot()
    /// snapshot.deleteItems([finishedMatchID])
    /// snapshot.reconfigureItems([updatedMatchID])
    /// try await dataSource.apply(snapshot)
    /// ```
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot to show.
    ///   - animatingDifferences: Whether the view should animate the change; passed to it as
    ///     ``ListViewUpdate/animatingDifferences``. The update is the same either way.
    ///   - isolation: The actor the call starts from, which keeps calls from one actor in order.
    /// - Returns: How the view was brought to `snapshot`.
    /// - Throws: A ``DiffableDataSourceError`` when a provider or the view fails; the view and
    ///   the data source then keep the last snapshot applied.
    /// - Complexity: The diff: expected O(*n*) in the items of the sections that changed.
    @discardableResult
    public func apply(
        _ snapshot: Snapshot,
        animatingDifferences: Bool = true,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(DiffableDataSourceError) -> ApplyMethod {
        try await run(isolation: isolation) { () throws(DiffableDataSourceError) in
            try self.show(snapshot, known: nil, reloading: false, animated: animatingDifferences)
        }
    }

    /// Brings the view to `snapshot` with a batch update the caller already knows, without
    /// diffing, when the update starts from the snapshot shown.
    ///
    /// This is how a fetched results controller's or a composer's deliveries are applied: each
    /// comes with the batch update from the previous delivery, and when the data source shows
    /// that previous delivery (the usual case), the update is performed as it is, in time
    /// proportional to its size rather than to the list's.
    ///
    /// ```swift
    /// for await delivery in controller.deliveries() {
    ///     try await dataSource.apply(delivery.snapshot, using: delivery.batchUpdate,
    ///                                from: delivery.previousSnapshot)
    /// }
    /// ```
    ///
    /// When `previousSnapshot` does not hold the same sections and items as the snapshot shown
    /// (another apply came in between, say), the update is not used: the data source diffs, as
    /// ``apply(_:animatingDifferences:isolation:)`` does. When it does, the update is checked
    /// cheaply (every index in range, section and item counts that add up, moves that carry
    /// their items) and, in debug builds, against every rule of `BatchUpdate.validate(from:to:)`.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot to show.
    ///   - update: The batch update from `previousSnapshot` to `snapshot`.
    ///   - previousSnapshot: The snapshot `update` starts from.
    ///   - animatingDifferences: Whether the view should animate the change.
    ///   - isolation: The actor the call starts from, which keeps calls from one actor in order.
    /// - Returns: ``ApplyMethod/knownUpdate`` when `update` was performed, ``ApplyMethod/diff``
    ///   when the data source diffed, ``ApplyMethod/reloadData`` for a first apply.
    /// - Throws: ``DiffableDataSourceError/invalidUpdate(_:)`` when `update` fails the checks,
    ///   or any error ``apply(_:animatingDifferences:isolation:)`` throws; the view and the data
    ///   source then keep the last snapshot applied.
    /// - Complexity: O(*s* + *u*) for *s* sections and an update of *u* operations when the
    ///   snapshots share their item storage (as a snapshot and an edited copy of it do), plus
    ///   what the view does with the update.
    @discardableResult
    public func apply(
        _ snapshot: Snapshot,
        using update: BatchUpdate,
        from previousSnapshot: Snapshot,
        animatingDifferences: Bool = true,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(DiffableDataSourceError) -> ApplyMethod {
        try await run(isolation: isolation) { () throws(DiffableDataSourceError) in
            try self.show(
                snapshot, known: KnownUpdate(update: update, base: previousSnapshot),
                reloading: false, animated: animatingDifferences
            )
        }
    }

    /// Brings the view to `snapshot` by reloading it, without diffing or animating.
    ///
    /// Use it to reset a list whose new content has little to do with the old.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot to show.
    ///   - isolation: The actor the call starts from, which keeps calls from one actor in order.
    /// - Returns: ``ApplyMethod/reloadData``.
    /// - Throws: A ``DiffableDataSourceError`` when a provider or the view fails; the view and
    ///   the data source then keep the last snapshot applied.
    /// - Complexity: What the view's `reloadData(_:)` costs.
    @discardableResult
    public func applySnapshotUsingReloadData(
        _ snapshot: Snapshot,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(DiffableDataSourceError) -> ApplyMethod {
        try await run(isolation: isolation) { () throws(DiffableDataSourceError) in
            try self.show(snapshot, known: nil, reloading: true, animated: false)
        }
    }

    /// Whether every known update is checked against every rule: in debug builds only.
    static var validatesKnownUpdates: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    /// A batch update passed by the caller and the snapshot it starts from.
    struct KnownUpdate {
        var update: BatchUpdate
        var base: Snapshot
    }

    /// Runs `job` after every job submitted before it and returns its result.
    func run<Value: Sendable>(
        isolation: isolated (any Actor)?,
        _ job: @escaping @Sendable () throws(DiffableDataSourceError) -> Value
    ) async throws(DiffableDataSourceError) -> Value {
        let outcome = await withCheckedContinuation(isolation: isolation) {
            (continuation: CheckedContinuation<Result<Value, DiffableDataSourceError>, Never>) in
            queue.submit {
                continuation.resume(returning: Result { () throws(DiffableDataSourceError) in try job() })
            }
        }
        return try outcome.get()
    }

    /// Brings the view to `new` (a job of the queue) and makes it the snapshot shown.
    func show(_ new: Snapshot, known: KnownUpdate?, reloading: Bool, animated: Bool) throws(DiffableDataSourceError) -> ApplyMethod {
        let (current, hasLoaded) = state.withLock { ($0.current, $0.hasLoaded) }
        let method: ApplyMethod
        if reloading || !hasLoaded || current.numberOfSections == 0 {
            try binding.reload(new)
            method = .reloadData
        } else if let known, binding.haveSameLayout(known.base, current) {
            try checkKnownUpdate(known.update, from: current, to: new)
            try binding.performBatchUpdates(known.update, current, new, animated)
            method = .knownUpdate
        } else {
            try binding.performBatchUpdates(binding.diff(current, new), current, new, animated)
            method = .diff
        }
        commit(new)
        return method
    }

    /// Makes `new` the snapshot shown.
    func commit(_ new: Snapshot) {
        state.withLock { state in
            state.current = new
            state.unmarked = nil
            state.version += 1
            state.hasLoaded = true
        }
    }

    /// Throws when `update` cannot turn `old` into `new`: always when the cheap checks fail, and
    /// in debug builds whenever the validator finds a broken rule.
    func checkKnownUpdate(_ update: BatchUpdate, from old: Snapshot, to new: Snapshot) throws(DiffableDataSourceError) {
        guard Self.validatesKnownUpdates || !update.plausiblyTurns(old, into: new) else { return }
        do {
            try binding.validate(update, old, new)
        } catch {
            throw .invalidUpdate(error)
        }
    }
}
