import NIOConcurrencyHelpers
import NIOCore

/// The pages of one event loop that have something to write, written by one task on the loop
/// however many of them an apply wakes: each page's writer in turn, with the messages they share
/// encoded once (``RoundMessages``).
final class PageRound: Sendable {
    let eventLoop: any EventLoop
    private let state = NIOLockedValueBox(State())

    private struct State {
        var ready: [PageWriter] = []
        var isScheduled = false
    }

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Has `writer`, whose channel is on this round's loop, write in the next round; schedules
    /// the round unless it is already.
    func wake(_ writer: PageWriter) {
        let schedule = state.withLockedValue { state in
            state.ready.append(writer)
            defer { state.isScheduled = true }
            return !state.isScheduled
        }
        if schedule { eventLoop.execute { self.run() } }
    }

    private func run() {
        let ready = state.withLockedValue { state in
            state.isScheduled = false
            defer { state.ready = [] }
            return state.ready
        }
        var messages = RoundMessages()
        for writer in ready { writer.drain(sharing: &messages) }
    }
}
