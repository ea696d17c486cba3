import NIOConcurrencyHelpers

/// Where one page stands when it connects (the generation it holds, or none when it needs the
/// full list), and what it asks for besides the list's updates: the full list again, or the end
/// of its connection.
///
/// A page holds no updates of its own: its writer remembers the generation it has been sent up
/// to and takes what follows from its hub's window (``PageWindow``) when its round writes. A page
/// that cannot keep up so holds no memory and slows no one.
final class PageCursor: Sendable {
    /// What the page asks of its writer, besides the updates after the generation it was sent.
    enum Request: Equatable {
        case none
        /// The full list, then the updates after it.
        case fullList
        /// Nothing more: the page's connection is to end.
        case close
    }

    private struct State {
        var needsFullList: Bool
        var isClosed = false
        var fullListsForLag = 0
        var wake: (@Sendable () -> Void)?
    }

    /// The generation the page holds when it connects and will be sent what follows, or `nil`
    /// when it is to be sent the full list first.
    let start: UInt64?
    private let state: NIOLockedValueBox<State>

    init(start: UInt64?) {
        self.start = start
        state = NIOLockedValueBox(State(needsFullList: start == nil))
    }

    /// How many times the page fell so far behind that it was sent the full list.
    var fullListsForLag: Int { state.withLockedValue { $0.fullListsForLag } }

    /// Has `wake` called, from the thread that asks, whenever the page asks for the full list
    /// or its connection is to end.
    func onRequest(_ wake: @escaping @Sendable () -> Void) {
        state.withLockedValue { $0.wake = wake }
    }

    /// Asks for the full list next.
    func requestFullList() {
        let wake = state.withLockedValue { state in
            state.needsFullList = true
            return state.wake
        }
        wake?()
    }

    /// Ends the page's connection after what it is writing now.
    func close() {
        let wake = state.withLockedValue { state in
            state.isClosed = true
            return state.wake
        }
        wake?()
    }

    /// What the page asks for now; a request for the full list is answered by this call.
    func take() -> Request {
        state.withLockedValue { state in
            if state.isClosed { return .close }
            guard state.needsFullList else { return .none }
            state.needsFullList = false
            return .fullList
        }
    }

    /// Counts one full list sent because the page fell too far behind.
    func countFullListForLag() {
        state.withLockedValue { $0.fullListsForLag += 1 }
    }
}
