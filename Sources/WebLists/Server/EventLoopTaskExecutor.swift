import NIOCore

/// Runs tasks on one SwiftNIO event loop: a page's connection runs on the loop of its socket,
/// so that its writes reach the socket at once instead of hopping to the loop one by one, and
/// the updates that come while the loop is busy wait in the page's queue, to go out together.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
