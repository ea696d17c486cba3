import DiffableSupport

/// Compositions applied, by slot, with the moment each was applied: recorded on the applying
/// task and read on the main thread.
final class AppliedCounts: Sendable {
    private let times = Locked<[[ContinuousClock.Instant]]>([])

    func add(_ slots: [Int], slots count: Int) {
        let now = ContinuousClock.now
        times.withLock { times in
            if times.count < count { times = Array(repeating: [], count: count) }
            for slot in slots { times[slot].append(now) }
        }
    }

    func counts(slots count: Int) -> [Int] {
        times.withLock { $0.isEmpty ? Array(repeating: 0, count: count) : $0.map(\.count) }
    }

    /// When slot `slot` had applied `count` compositions (`count` > 0 and already reached).
    func time(slot: Int, count: Int) -> ContinuousClock.Instant {
        times.withLock { $0[slot][count - 1] }
    }
}
