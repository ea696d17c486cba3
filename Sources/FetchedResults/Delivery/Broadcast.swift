import DiffableSupport

/// The open asynchronous sequences of one source (a controller's deliveries, a composer's
/// compositions and errors): registered from any thread, fed from one place at a time, each
/// buffered without limit so that no element is missed.
///
/// It remembers the last element it yielded, so a new subscriber can start from the current
/// state with no gap and no repeat: ``makeStreamFromLast()`` hands it the last element and the
/// stream of the later ones, atomically with respect to ``yield(_:)``.
final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextKey = 0
        var last: Element?
    }

    private let state = Locked(State())
    private let keepsLast: Bool

    /// A broadcast; with `keepsLast`, it remembers its last element for ``makeStreamFromLast()``.
    init(keepsLast: Bool = false) {
        self.keepsLast = keepsLast
    }

    /// A new sequence of the elements yielded from now on.
    func makeStream() -> AsyncStream<Element> {
        makeStreamFromLast().stream
    }

    /// The last element yielded so far (nil when none, or when the broadcast keeps none) and a
    /// new sequence of the elements yielded after it.
    func makeStreamFromLast() -> (last: Element?, stream: AsyncStream<Element>) {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        let (key, last) = state.withLock { state in
            state.nextKey += 1
            state.continuations[state.nextKey] = continuation
            return (state.nextKey, state.last)
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.state.withLock { $0.continuations.removeValue(forKey: key) }
        }
        return (last, stream)
    }

    /// Hands `element` to every open sequence. Calls from different threads must not overlap for
    /// the order to be kept: callers yield from one queue, or under a lock of their own.
    func yield(_ element: Element) {
        let current = state.withLock { state in
            if keepsLast { state.last = element }
            return Array(state.continuations.values)
        }
        for continuation in current { continuation.yield(element) }
    }

    /// Ends every open sequence.
    func finishAll() {
        let current = state.withLock { state in
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in current { continuation.finish() }
    }
}
