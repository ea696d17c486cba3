import NIOConcurrencyHelpers
import NIOCore

/// The pages of one event loop, written by one task on the loop however many of them have
/// something to write: after a publish of a list they show, every page of the loop, each taking
/// from its hub's window what it has yet to be sent; after a page's own request (its full list,
/// its end), that page. The messages pages share are encoded once (``RoundMessages``).
final class PageRound: PageWaker, @unchecked Sendable {
    // Sendable: `writers` is read and written only in `run()`, on `eventLoop`; the rest is under
    // the lock.
    let eventLoop: any EventLoop
    private let state = NIOLockedValueBox(State())
    private var writers: [PageWriter] = []

    private struct State {
        var added: [PageWriter] = []
        var ready: [PageWriter] = []
        var everyPage = false
        var isScheduled = false
    }

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Has `writer`, whose channel is on this round's loop, write in the next round and in every
    /// round after a publish, until its page's connection ends.
    func add(_ writer: PageWriter) {
        schedule { $0.added.append(writer) }
    }

    /// Has `writer` write in the next round.
    func wake(_ writer: PageWriter) {
        schedule { $0.ready.append(writer) }
    }

    func wakeEveryPage() {
        schedule { $0.everyPage = true }
    }

    private func schedule(_ change: (inout State) -> Void) {
        let schedule = state.withLockedValue { state in
            change(&state)
            defer { state.isScheduled = true }
            return !state.isScheduled
        }
        if schedule { eventLoop.execute { self.run() } }
    }

    private func run() {
        eventLoop.assertInEventLoop()
        let (added, ready, everyPage) = state.withLockedValue { state in
            defer { state = State() }
            return (state.added, state.ready, state.everyPage)
        }
        writers += added
        var messages = RoundMessages()
        var ended = false
        for writer in everyPage ? writers : added + ready {
            if !writer.drain(sharing: &messages) { ended = true }
        }
        if ended { writers.removeAll { $0.hasEnded } }
    }
}
