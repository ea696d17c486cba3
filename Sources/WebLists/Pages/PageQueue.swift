import NIOConcurrencyHelpers

/// What one page has yet to be sent, bounded: the updates it has not received, or, once it fell
/// further behind than ``limit`` updates, only the note that it needs the full list.
///
/// The list's applies push into it without ever waiting; the page's ``PageWriter`` takes from
/// it and writes, and is called back when there is more. A page that cannot keep up so holds at most `limit` messages, all shared with the
/// other pages, and slows no one.
final class PageQueue: Sendable {
    /// What the connection writes next.
    enum Next: Equatable {
        /// The full list, then the updates after it.
        case fullList
        /// These updates, in order.
        case updates([PageUpdate])
        /// Nothing more: the page's connection is to end.
        case closed
    }

    fileprivate struct State {
        var pending: [PageUpdate] = []
        var needsFullList = false
        var isClosed = false
        var waiter: (@Sendable () -> Void)?
        var fullListsForLag = 0
    }

    /// The most updates kept for the page before they are replaced by the full list.
    let limit: Int
    private let state = NIOLockedValueBox(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// How many times the page fell behind by more than ``limit`` updates.
    var fullListsForLag: Int { state.withLockedValue { $0.fullListsForLag } }

    /// Queues `update`; past ``limit`` queued updates, drops them all for the full list.
    func push(_ update: PageUpdate) {
        let waiter = state.withLockedValue { state -> (@Sendable () -> Void)? in
            guard !state.isClosed else { return nil }
            if state.needsFullList {
                return nil
            } else if state.pending.count >= limit {
                state.pending.removeAll()
                state.needsFullList = true
                state.fullListsForLag += 1
            } else {
                state.pending.append(update)
            }
            return state.takeWaiter()
        }
        waiter?()
    }

    /// Asks for the full list next, in place of whatever is queued.
    func requestFullList() {
        let waiter = state.withLockedValue { state -> (@Sendable () -> Void)? in
            state.pending.removeAll()
            state.needsFullList = true
            return state.takeWaiter()
        }
        waiter?()
    }

    /// Ends the page's connection after what it is writing now.
    func close() {
        let waiter = state.withLockedValue { state -> (@Sendable () -> Void)? in
            state.isClosed = true
            return state.takeWaiter()
        }
        waiter?()
    }

    /// What to write next, if anything is ready; else `nil`, and `ready` is called once when
    /// something is (an update, the need of the full list, or the end), from the thread that
    /// made it so.
    func poll(orCallWhenReady ready: @escaping @Sendable () -> Void) -> Next? {
        state.withLockedValue { state in
            if let next = state.take() { return next }
            state.waiter = ready
            return nil
        }
    }
}

extension PageQueue.State {
    fileprivate mutating func takeWaiter() -> (@Sendable () -> Void)? {
        defer { waiter = nil }
        return waiter
    }

    fileprivate mutating func take() -> PageQueue.Next? {
        if isClosed { return .closed }
        if needsFullList {
            needsFullList = false
            pending.removeAll()
            return .fullList
        }
        guard !pending.isEmpty else { return nil }
        defer { pending.removeAll(keepingCapacity: true) }
        return .updates(pending)
    }
}
