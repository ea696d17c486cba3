import Foundation

/// Compositions applied, by slot, with the moment each was applied: recorded on the applying
/// task and read on the main thread.
final class AppliedCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [[ContinuousClock.Instant]] = []

    func add(_ slots: [Int], slots count: Int) {
        let now = ContinuousClock.now
        lock.withLock {
            if times.count < count { times = Array(repeating: [], count: count) }
            for slot in slots { times[slot].append(now) }
        }
    }

    func counts(slots count: Int) -> [Int] {
        lock.withLock { times.isEmpty ? Array(repeating: 0, count: count) : times.map(\.count) }
    }

    /// When slot `slot` had applied `count` compositions (`count` > 0 and already reached).
    func time(slot: Int, count: Int) -> ContinuousClock.Instant {
        lock.withLock { times[slot][count - 1] }
    }
}
