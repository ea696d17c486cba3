import DiffableSupport
import Foundation
package import ObjectStore
import SeededRandom

/// Plays the live feed on a background context of its own: a step every 0.3 to 3 seconds
/// (divided by the rate), until cancelled; pausing skips steps without losing the script.
///
/// The pauses between steps come from a generator of their own, so the changes a seed makes do
/// not depend on the rate.
package final class FeedRunner: Sendable {
    /// The feed's background context, used through `perform`.
    package let context: ManagedObjectContext
    private let state: Locked<State>

    private struct State {
        var feed: LiveFeed
        var pacing: SplitMix64
        var paused = false
        var stepCount = 0
        var last: FeedEvent?
    }

    /// A feed on a new background context of `container`, playing the script of `seed`.
    package init(container: PersistentContainer, seed: UInt64) {
        context = container.newBackgroundContext(name: "feed")
        // Another host's feed on the same PostgreSQL store changes the same matches: its saves
        // are merged in, and a race on one match is settled in this feed's favour.
        context.automaticallyMergesRemoteChanges = true
        context.mergePolicy = .mergeByPropertyObjectTrump
        state = Locked(State(feed: LiveFeed(seed: seed), pacing: SplitMix64(seed: seed ^ 0x9ACE_9ACE_9ACE_9ACE)))
    }

    /// Whether steps are skipped.
    package var isPaused: Bool {
        get { state.withLock { $0.paused } }
        set { state.withLock { $0.paused = newValue } }
    }

    /// The number of steps played.
    package var steps: Int { state.withLock { $0.stepCount } }

    /// The last step's change.
    package var lastEvent: FeedEvent? { state.withLock { $0.last } }

    /// Plays one step now, paused or not, and saves it.
    @discardableResult
    package func step() async throws(ScoreboardError) -> FeedEvent {
        let script = state.withLock { $0.feed }
        let context = context
        let result: Result<(LiveFeed, FeedEvent), ObjectStoreError> = await context.perform {
            var script = script
            return Result { () throws(ObjectStoreError) in
                let event = try script.step(in: context)
                return (script, event)
            }
        }
        switch result {
        case .success(let (script, event)):
            state.withLock { state in
                state.feed = script
                state.stepCount += 1
                state.last = event
            }
            return event
        case .failure(let error):
            context.performAndWait { context.rollback() }
            throw .store(error)
        }
    }

    /// Plays a step after each pause until the task is cancelled; `rate` divides the pauses.
    ///
    /// - Parameter onStep: Called after each step with its change, or with the error of a step
    ///   that failed (the feed goes on with the next one).
    package func run(rate: Double, onStep: @escaping @Sendable (Result<FeedEvent, ScoreboardError>) -> Void = { _ in }) async {
        while !Task.isCancelled {
            let pause = state.withLock { Double(Int.random(in: 300...3_000, using: &$0.pacing)) / 1_000 } / max(rate, 0.001)
            do {
                try await Task.sleep(for: .seconds(pause))
            } catch {
                return
            }
            if isPaused { continue }
            do {
                onStep(.success(try await step()))
            } catch {
                onStep(.failure(error))
            }
        }
    }
}
