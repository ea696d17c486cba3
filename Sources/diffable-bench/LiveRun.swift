import DiffableSupport
import Foundation
import SeededRandom

/// A store that a live run saves into, from its writer thread: each save changes `count`
/// objects.
protocol LiveStore: AnyObject, Sendable {
    func saveLiveChanges(_ count: Int)
}

extension ListedStore: LiveStore {
    /// Changes the rank (a sort key) of `count` random items and saves.
    func saveLiveChanges(_ count: Int) {
        saveRankChanges(count)
    }
}

/// A writer thread saving 100 times a second, each save changing 1 to 5 objects (or as many as
/// `changes` says), while the main queue follows; the latency of each save is the time until
/// the follower reflects it.
struct LiveRun {
    let store: any LiveStore
    let follower: any ListFollower
    let seconds: Int
    var changes: ClosedRange<Int> = 1...5

    /// The median and 99th percentile of the saves' latencies, in milliseconds.
    func latencies() -> (p50: Double, p99: Double) {
        run().percentiles
    }

    /// Runs the writer until every save is reflected; hands back when each save started, ended
    /// and was reflected.
    func run() -> LiveRunRecord {
        let saves = seconds * 100
        let starts = SaveClock(count: saves), ends = SaveClock(count: saves), sizes = Locked([Int](repeating: 0, count: saves))
        let clock = ContinuousClock()
        let begin = clock.now
        let start = follower.reflected()
        let writer = Thread { [store, changes] in
            var random = SplitMix64(seed: 99)
            for index in 0..<saves {
                let due = begin + .milliseconds(10 * index)
                let wait = due - clock.now
                if wait > .zero { Thread.sleep(forTimeInterval: Double(wait.components.attoseconds) / 1e18 + Double(wait.components.seconds)) }
                let count = Int.random(in: changes, using: &random)
                starts.record(index, clock.now)
                store.saveLiveChanges(count)
                ends.record(index, clock.now)
                sizes.withLock { $0[index] = count }
            }
        }
        writer.start()
        // Each save's latency runs to the moment the list reflected it (recorded by the
        // follower), not to when this loop next looks: the loop's polling is no part of it.
        while follower.reflected() - start < saves {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        }
        let reflectedAt = follower.reflectedAt
        return LiveRunRecord(
            first: start, starts: (0..<saves).map(starts.time), ends: (0..<saves).map(ends.time),
            reflected: Array(reflectedAt[start..<(start + saves)]), changes: sizes.withLock { $0 })
    }
}
