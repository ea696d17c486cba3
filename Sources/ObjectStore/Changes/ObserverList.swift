/// Observers of one kind of event, called synchronously in registration order.
final class ObserverList<Event: Sendable>: Sendable {
    private let observers = Locked<[(id: Int, body: @Sendable (Event) -> Void)]>([])
    private let nextID = Locked(0)

    var isEmpty: Bool { observers.withLock { $0.isEmpty } }

    func add(_ body: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        let id = nextID.withLock { value -> Int in
            value += 1
            return value
        }
        observers.withLock { $0.append((id, body)) }
        return ObservationToken { [weak self] in
            self?.observers.withLock { $0.removeAll { $0.id == id } }
        }
    }

    func notify(_ event: Event) {
        for observer in observers.withLock({ $0 }) {
            observer.body(event)
        }
    }

    /// An `AsyncStream` fed by a new observer that ends when the stream is dropped.
    func stream() -> AsyncStream<Event> {
        AsyncStream { continuation in
            let token = add { continuation.yield($0) }
            continuation.onTermination = { _ in token.cancel() }
        }
    }
}

/// Keeps an observation alive; cancel it (or let it go) to stop observing.
public final class ObservationToken: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    init(_ onCancel: @escaping @Sendable () -> Void) {
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
