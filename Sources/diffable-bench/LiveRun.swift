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

/// A writer thread saving 100 times a second, each save changing 1 to 5 objects, while the main
/// queue follows; the latency of each save is the time until the follower reflects it.
struct LiveRun {
    let store: any LiveStore
    let follower: any ListFollower
    let seconds: Int

    func latencies() -> (p50: Double, p99: Double) {
        let saves = seconds * 100
        let starts = SaveClock(count: saves)
        let clock = ContinuousClock()
        let begin = clock.now
        let start = follower.reflected()
        let writer = Thread { [store] in
            var random = SplitMix64(seed: 99)
            for index in 0..<saves {
                let due = begin + .milliseconds(10 * index)
                let wait = due - clock.now
                if wait > .zero { Thread.sleep(forTimeInterval: Double(wait.components.attoseconds) / 1e18 + Double(wait.components.seconds)) }
                starts.record(index, clock.now)
                store.saveLiveChanges(Int.random(in: 1...5, using: &random))
            }
        }
        writer.start()
        // Each save's latency runs to the moment the list reflected it (recorded by the
        // follower), not to when this loop next looks: the loop's polling is no part of it.
        while follower.reflected() - start < saves {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        }
        let reflectedAt = follower.reflectedAt
        var latencies: [Double] = []
        for index in 0..<saves {
            let (seconds, attoseconds) = (reflectedAt[start + index] - starts.time(index)).components
            latencies.append(Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
        }
        latencies.sort()
        return (latencies[latencies.count / 2], latencies[min(latencies.count - 1, latencies.count * 99 / 100)])
    }
}

/// When each save started, written by the writer thread and read on the main thread.
final class SaveClock: Sendable {
    private let times: Locked<[ContinuousClock.Instant]>

    init(count: Int) {
        times = Locked(Array(repeating: ContinuousClock.now, count: count))
    }

    func record(_ index: Int, _ time: ContinuousClock.Instant) {
        times.withLock { $0[index] = time }
    }

    func time(_ index: Int) -> ContinuousClock.Instant {
        times.withLock { $0[index] }
    }
}
