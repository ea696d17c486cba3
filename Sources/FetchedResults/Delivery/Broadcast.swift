import Foundation

/// The open asynchronous sequences of one source (a controller's deliveries, a composer's
/// compositions and errors): registered from any thread, fed from one place at a time, each
/// buffered without limit so that no element is missed.
///
/// A broadcast that keeps its last element starts every new sequence from the current state with
/// no gap and no repeat: ``makeStream()`` begins with the last element, and
/// ``makeStreamFromLast()`` hands it over apart, each atomically with respect to ``yield(_:)``.
final class Broadcast<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
    private var nextKey = 0
    private var last: Element?
    private let keepsLast: Bool

    /// A broadcast; with `keepsLast`, it remembers its last element and hands it to every new
    /// sequence.
    init(keepsLast: Bool = false) {
        self.keepsLast = keepsLast
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
        // lock() and unlock(), not withLock: Swift 6.3.1 crashes compiling a withLock closure
        // that yields into the continuation.
        lock.lock()
        nextKey += 1
        let key = nextKey
        continuations[key] = continuation
        let last = self.last
        if yieldingLast, let last { continuation.yield(last) }
        lock.unlock()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.continuations.removeValue(forKey: key) }
        }
        return (last, stream)
    }

    /// Hands `element` to every open sequence. Calls from different threads must not overlap for
    /// the order to be kept: callers yield from one queue, or under a lock of their own.
    func yield(_ element: Element) {
        let current = lock.withLock {
            if keepsLast { last = element }
            return Array(continuations.values)
        }
        for continuation in current { continuation.yield(element) }
    }

    /// Ends every open sequence.
    func finishAll() {
        let current = lock.withLock {
            defer { continuations = [:] }
            return Array(continuations.values)
        }
        for continuation in current { continuation.finish() }
    }
}
