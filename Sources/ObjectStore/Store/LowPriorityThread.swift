#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DiffableSupport
import Foundation

/// One thread that runs work below the priority of the app's threads (on Linux a nice value of
/// 10; elsewhere the utility quality of service), for the caller that waits for it.
///
/// Dispatch's queues share their threads, and on Linux a thread's priority cannot be raised back
/// once lowered (without privileges), so work that must yield to everything else (copying the
/// write-ahead log into the database and syncing it: a burst of kernel work every few saves) gets
/// a thread of its own, started on first use and ended when this is released.
final class LowPriorityThread: Sendable {
    private let mailbox = Mailbox()

    /// The nice value the thread runs at on Linux.
    static let niceValue: Int32 = 10

    /// Runs `body` on the thread and returns once it has.
    func run(_ body: @escaping @Sendable () -> Void) {
        mailbox.startIfNeeded()
        let done = DispatchSemaphore(value: 0)
        mailbox.post {
            body()
            done.signal()
        }
        done.wait()
    }

    deinit {
        mailbox.stop()
    }

    /// The jobs waiting for the thread; the thread holds it, not the owner.
    private final class Mailbox: Sendable {
        private struct State {
            var jobs: [@Sendable () -> Void] = []
            var started = false
            var stopped = false
        }

        private let state = Locked(State())
        private let posted = DispatchSemaphore(value: 0)

        func startIfNeeded() {
            let starts = state.withLock { state -> Bool in
                defer { state.started = true }
                return !state.started
            }
            guard starts else { return }
            let thread = Thread { [self] in
                #if os(Linux) || os(Android)
                // On Linux the nice value is the calling thread's, not the process's.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, LowPriorityThread.niceValue)
                #elseif canImport(Darwin)
                _ = pthread_set_qos_class_self_np(QOS_CLASS_UTILITY, 0)
                #endif
                while let job = next() { job() }
            }
            thread.name = "ObjectStore.low-priority"
            thread.start()
        }

        func post(_ job: @escaping @Sendable () -> Void) {
            state.withLock { $0.jobs.append(job) }
            posted.signal()
        }

        func stop() {
            state.withLock { $0.stopped = true }
            posted.signal()
        }

        /// The next job, waiting for one; nil once stopped.
        private func next() -> (@Sendable () -> Void)? {
            while true {
                posted.wait()
                let job = state.withLock { state -> (@Sendable () -> Void)?? in
                    if !state.jobs.isEmpty { return state.jobs.removeFirst() }
                    return state.stopped ? .some(nil) : nil
                }
                if let job { return job }
            }
        }
    }
}
