import DiffableSupport

/// Collects values that arrive on other threads (observers, cell providers, handlers), in the
/// order they arrive.
package final class Recorder<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])

    /// An empty recorder.
    package init() {}

    /// Appends `value`; returns how many values there are now.
    @discardableResult
    package func append(_ value: Value) -> Int {
        storage.withLock { values in
            values.append(value)
            return values.count
        }
    }

    /// The values so far, oldest first.
    package var values: [Value] {
        storage.withLock { $0 }
    }

    /// Forgets every value so far.
    package func removeAll() {
        storage.withLock { $0 = [] }
    }
}
