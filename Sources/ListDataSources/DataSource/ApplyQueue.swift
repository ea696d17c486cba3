import DiffableSupport

/// Runs jobs one at a time, in the order they were submitted, on the thread of whoever submits
/// to an idle queue.
///
/// There is no thread of its own: a submitter that finds the queue idle runs its job and every
/// job submitted meanwhile, then returns; one that finds it busy only leaves its job. Jobs thus
/// run in submission order, never two at once, and never wait for a thread to be scheduled.
@usableFromInline
final class ApplyQueue: Sendable {
    /// The jobs waiting, from `head` on, and whether a submitter is draining.
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var head = 0
        var isDraining = false
    }

    private let state = Locked(State())

    @usableFromInline
    init() {}

    /// Adds `job` after every job submitted before it; runs the queue here if it was idle.
    @usableFromInline
    func submit(_ job: @escaping @Sendable () -> Void) {
        let drains = state.withLock { state in
            state.jobs.append(job)
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
        guard drains else { return }
        while let next = nextJob() {
            next()
        }
    }

    private func nextJob() -> (@Sendable () -> Void)? {
        state.withLock { state in
            guard state.head < state.jobs.count else {
                state.jobs.removeAll(keepingCapacity: true)
                state.head = 0
                state.isDraining = false
                return nil
            }
            let job = state.jobs[state.head]
            state.head += 1
            if state.head >= 64, state.head * 2 >= state.jobs.count {
                state.jobs.removeFirst(state.head)
                state.head = 0
            }
            return job
        }
    }
}
