import Foundation

/// What one live run saw, save by save (index 0 is the run's first save).
struct LiveRunRecord {
    /// The follower's reflected count when the run began: its first save's index among them.
    let first: Int
    /// When each save started, when the writer's save returned, and when the list reflected it.
    let starts: [ContinuousClock.Instant]
    let ends: [ContinuousClock.Instant]
    let reflected: [ContinuousClock.Instant]
    /// Objects each save changed.
    let changes: [Int]

    /// Each save's latency, from its start until the list reflected it, in milliseconds.
    var latencies: [Double] { zip(starts, reflected).map { milliseconds(from: $0, to: $1) } }

    /// The median and 99th percentile of ``latencies``.
    var percentiles: (p50: Double, p99: Double) {
        let sorted = latencies.sorted()
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
    }
}

/// The time from `start` to `end` in milliseconds.
func milliseconds(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Double {
    let (seconds, attoseconds) = (end - start).components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
}
