package import ListDataSources
package import ObjectStore

/// The demo without a terminal: the same home screen, feed and pipeline, into a
/// `HeadlessListView` that validates every update; at the end the view is compared with fresh
/// fetches.
package enum HeadlessRun {
    /// How long the feed plays.
    package enum Pace: Sendable {
        /// At the feed's pace (divided by `rate`) for `duration`.
        case timed(Duration, rate: Double)
        /// This many steps, one after the other, without pauses.
        case steps(Int)
    }

    /// The view a headless run fills.
    package typealias View = HeadlessListView<HomeSection, HomeItem, TerminalCell>

    /// Plays the feed on `container` at `pace`, then waits (up to `settleTimeout`) for the list
    /// to show what fresh fetches give.
    ///
    /// - Throws: ``ScoreboardError`` when the home screen cannot fetch or the feed cannot save.
    package static func run(
        container: PersistentContainer,
        banners: [Banner],
        seed: UInt64,
        pace: Pace,
        settleTimeout: Duration = .seconds(10)
    ) async throws(ScoreboardError) -> HeadlessSummary {
        let context = ScoreboardStore.homeContext(of: container)
        let home = await context.perform { HomeScreen(context: context, banners: banners) }
        let view = View(validatesUpdates: true, recordsHistory: false)
        let pipeline = HomePipeline(home: home, view: view)
        let applying = Task { await pipeline.run() }
        defer { applying.cancel() }
        try await home.start()

        let feed = FeedRunner(container: container, seed: seed)
        switch pace {
        case .steps(let count):
            for _ in 0..<count { try await feed.step() }
        case .timed(let duration, let rate):
            let playing = Task { await feed.run(rate: rate) }
            try? await Task.sleep(for: duration)
            playing.cancel()
            await playing.value
        }

        var difference: String? = "the list never showed a snapshot"
        let deadline = ContinuousClock.now + settleTimeout
        while ContinuousClock.now < deadline {
            let fresh: HomeScreen.Snapshot
            do {
                fresh = try await context.perform { () throws(ObjectStoreError) in try home.freshSnapshot() }
            } catch let error as ObjectStoreError {
                throw .store(error)
            } catch {
                throw .fetch("\(error)")
            }
            let shown = view.snapshot
            if HomeScreen.sameContent(shown, fresh) {
                difference = nil
                break
            }
            difference = "the list shows \(shown.numberOfSections) sections and \(shown.numberOfItems) items, "
                + "fresh fetches give \(fresh.numberOfSections) sections and \(fresh.numberOfItems) items"
            try? await Task.sleep(for: .milliseconds(20))
        }
        let statistics = pipeline.statistics
        return HeadlessSummary(
            statistics: statistics,
            invalidUpdates: max(statistics.invalidUpdates, view.invalidUpdateCount),
            matchesFreshFetches: difference == nil,
            difference: difference,
            feedSteps: feed.steps
        )
    }
}
