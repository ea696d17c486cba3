import Observation

/// Counts the changes observation tracking reports for what a scope read, one tracking at a
/// time, as SwiftUI tracks a view: each ``track(_:)`` is told of the first change after it, once.
package final class TrackingCounter: Sendable {
    private let changes = Recorder<Int>()

    /// A counter that has counted nothing.
    package init() {}

    /// The changes reported so far.
    package var count: Int {
        changes.values.count
    }

    /// Runs `read` inside a new tracking scope, counting the first change to what it read.
    package func track(_ read: () -> Void) {
        withObservationTracking(read, onChange: { [changes] in changes.append(1) })
    }
}
