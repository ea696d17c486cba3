/// The outcome of a headless run: the counts, and whether the list ended as fresh fetches say.
package struct HeadlessSummary: Hashable, Sendable {
    package var statistics: ApplyStatistics
    /// Updates that broke a rule, counted by the pipeline or rejected by the validating view.
    package var invalidUpdates: Int
    /// Whether the view ended showing what fresh fetches of the same requests give.
    package var matchesFreshFetches: Bool
    /// What differed, when the view did not match.
    package var difference: String?
    /// Feed steps played.
    package var feedSteps: Int

    /// `applied N updates, M items in S sections, 0 invalid`.
    package var line: String {
        "applied \(statistics.applies) updates, \(statistics.items) items in \(statistics.sections) sections, \(invalidUpdates) invalid"
    }

    /// Whether the run passed: no invalid update, no failed apply, and the list as fetched.
    package var succeeded: Bool {
        invalidUpdates == 0 && statistics.failedApplies == 0 && matchesFreshFetches
    }
}
