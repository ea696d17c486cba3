import Foundation

/// What the status line shows: how many applies the list took, the last one's time, the
/// invalid updates (which must stay 0), and the list's size.
package struct ApplyStatistics: Hashable, Sendable {
    package var applies = 0
    package var invalidUpdates = 0
    package var failedApplies = 0
    package var lastApplyDuration: Duration = .zero
    package var items = 0
    package var sections = 0
    /// The message of the last failed apply, if any.
    package var lastError: String?

    package init() {}

    /// The status line's text: `42 items · 9 sections · 17 applies · last 0.41 ms · 0 invalid`.
    package var statusText: String {
        let milliseconds = Double(lastApplyDuration.components.attoseconds) / 1e15 + Double(lastApplyDuration.components.seconds) * 1e3
        return "\(items) items | \(sections) sections | \(applies) applies | last \(String(format: "%.2f", milliseconds)) ms | \(invalidUpdates) invalid"
    }
}
