import DiffableSupport

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
