import DiffableSupport

/// The open asynchronous sequences of one source (a controller's deliveries, a composer's
/// compositions and errors): registered from any thread, fed from one place at a time, each
/// buffered without limit so that no element is missed.
///
/// A broadcast that keeps its last element starts every new sequence from the current state with
/// no gap and no repeat: ``makeStream()`` begins with the last element, and
/// ``makeStreamFromLast()`` hands it over apart, each atomically with respect to ``yield(_:)``.
final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextKey = 0
        var last: Element?
    }

    private let state = Locked(State())
    private let keepsLast: Bool

    /// A broadcast; with `keepsLast`, it remembers its last element and hands it to every new
    /// sequence.
    init(keepsLast: Bool = false) {
        self.keepsLast = keepsLast
    }

    /// The last element yielded so far (nil when none, or when the broadcast keeps none).
    var last: Element? {
        state.withLock { $0.last }
    }

    /// A new sequence of the last element yielded so far (when the broadcast keeps it), then of
    /// every element yielded after it.
    func makeStream() -> AsyncStream<Element> {
        register(yieldingLast: true).stream
    }

    /// The last element yielded so far (nil when none, or when the broadcast keeps none) and a
    /// new sequence of the elements yielded after it.
    func makeStreamFromLast() -> (last: Element?, stream: AsyncStream<Element>) {
        register(yieldingLast: false)
    }

    /// Opens a sequence and reads the last element under the lock, yielding it first into the
    /// sequence when asked, so that no ``yield(_:)`` comes between.
    private func register(yieldingLast: Bool) -> (last: Element?, stream: AsyncStream<Element>) {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        let (key, last) = state.withLock { state in
            state.nextKey += 1
            state.continuations[state.nextKey] = continuation
            if yieldingLast, let last = state.last { continuation.yield(last) }
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
    ///
    /// The element it replaces as the last one is released after every sequence has the new
    /// one, outside the lock: releasing a controller's delivery frees the snapshot edits that no
    /// newer delivery shares, which is the largest part of some deliveries' cost.
    func yield(_ element: Element) {
        let (current, replaced) = state.withLock { state -> ([AsyncStream<Element>.Continuation], Element?) in
            var replaced: Element?
            if keepsLast { replaced = state.last.take(); state.last = element }
            return (Array(state.continuations.values), replaced)
        }
        for continuation in current { continuation.yield(element) }
        withExtendedLifetime(replaced) {}
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
