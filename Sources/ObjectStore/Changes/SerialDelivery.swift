import DiffableSupport

/// Delivers events to observers in the order they were queued, one at a time, from whichever
/// thread queued them, and never while a lock is held.
///
/// Queue events in order (under whatever lock orders them), release that lock, then ``drain()``:
/// the first thread to drain delivers every queued event, those queued meanwhile included; the
/// others return at once. An observer may queue more events (by saving, say): they are delivered
/// after it returns, in order.
final class SerialDelivery<Event: Sendable>: Sendable {
    private struct State {
        var queued: [Event] = []
        var isDelivering = false
    }

    let observers = ObserverList<Event>()
    private let state = Locked(State())

    /// Queues an event for the next ``drain()``.
    func enqueue(_ event: Event) {
        state.withLock { $0.queued.append(event) }
    }

    /// Delivers the queued events unless another thread is delivering them already.
    func drain() {
        let starts = state.withLock { state -> Bool in
            guard !state.isDelivering else { return false }
            state.isDelivering = true
            return true
        }
        guard starts else { return }
        while let event = state.withLock({ state -> Event? in
            guard !state.queued.isEmpty else {
                state.isDelivering = false
                return nil
            }
            return state.queued.removeFirst()
        }) {
            observers.notify(event)
        }
    }
}
