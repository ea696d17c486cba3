import Foundation

/// Runs jobs one at a time, in the order they were submitted, on the thread of whoever submits
/// to an idle queue.
///
/// There is no thread of its own: a submitter that finds the queue idle runs its job and every
/// job submitted meanwhile, then returns; one that finds it busy only leaves its job. Jobs thus
/// run in submission order, never two at once, and never wait for a thread to be scheduled.
@usableFromInline
final class ApplyQueue: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`: the jobs waiting, from `head` on, and whether a submitter is draining.
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var isDraining = false

    @usableFromInline
    init() {}

    /// Adds `job` after every job submitted before it; runs the queue here if it was idle.
    @usableFromInline
    func submit(_ job: @escaping @Sendable () -> Void) {
        lock.lock()
        jobs.append(job)
        guard !isDraining else {
            lock.unlock()
            return
        }
        isDraining = true
        lock.unlock()
        while let next = nextJob() {
            next()
        }
    }

    private func nextJob() -> (@Sendable () -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        guard head < jobs.count else {
            jobs.removeAll(keepingCapacity: true)
            head = 0
            isDraining = false
            return nil
        }
        let job = jobs[head]
        head += 1
        if head >= 64, head * 2 >= jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
