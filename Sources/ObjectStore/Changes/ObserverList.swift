import DiffableSupport

/// Observers of one kind of event, called synchronously in registration order.
///
/// The asynchronous sequences it hands out (``stream()``) end when the list goes away with its
/// owner (a context or container), so `for await` loops over them finish.
package final class ObserverList<Event: Sendable>: Sendable {
    private struct State {
        var observers: [(id: Int, body: @Sendable (Event) -> Void)] = []
        /// Per stream observer: ends its stream.
        var finishers: [Int: @Sendable () -> Void] = [:]
        var nextID = 0
    }

    private let state = Locked(State())

    package init() {}

    package var isEmpty: Bool { state.withLock { $0.observers.isEmpty } }

    package func add(_ body: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        let id = register(body)
        return ObservationToken { [weak self] in
            self?.remove(id)
        }
    }

    package func notify(_ event: Event) {
        for observer in state.withLock({ $0.observers }) {
            observer.body(event)
        }
    }

    /// An `AsyncStream` fed by a new observer; it ends when the stream is dropped or this list
    /// is released.
    func stream() -> AsyncStream<Event> {
        stream { event, continuation in continuation.yield(event) }
    }

    /// An `AsyncStream` fed by a new observer that hands each event to `feed` with the stream's
    /// continuation (to yield what it makes of the event, or finish the stream); it ends when
    /// `feed` finishes it, the stream is dropped or this list is released.
    func stream<Element: Sendable>(_ feed: @escaping @Sendable (Event, AsyncStream<Element>.Continuation) -> Void) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        let id = register { feed($0, continuation) }
        state.withLock { $0.finishers[id] = { continuation.finish() } }
        continuation.onTermination = { [weak self] _ in
            self?.remove(id)
        }
        return stream
    }

    private func register(_ body: @escaping @Sendable (Event) -> Void) -> Int {
        state.withLock { state in
            state.nextID += 1
            state.observers.append((state.nextID, body))
            return state.nextID
        }
    }

    private func remove(_ id: Int) {
        state.withLock { state in
            state.observers.removeAll { $0.id == id }
            state.finishers[id] = nil
        }
    }

    deinit {
        for finish in state.withLock({ Array($0.finishers.values) }) {
            finish()
        }
    }
}

/// Keeps an observation alive; cancel it (or let it go) to stop observing.
public final class ObservationToken: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    package init(_ onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Locked(onCancel)
    }

    /// Stops the observation. Calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { value -> (@Sendable () -> Void)? in
            defer { value = nil }
            return value
        }
        action?()
    }

    deinit {
        cancel()
    }
}
