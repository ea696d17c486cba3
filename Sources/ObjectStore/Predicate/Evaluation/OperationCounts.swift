import DiffableSupport

/// Counts of the costly steps of predicate and sort work, so that tests fence complexity by
/// counting operations instead of timing them.
///
/// Only debug builds count, and only for the task that set ``current``:
///
/// ```swift
/// let counts = OperationCounts()
/// let matched = try OperationCounts.$current.withValue(counts) { try query.evaluate(object) }
/// #expect(counts.hopsFollowed <= 2)
/// ```
package final class OperationCounts: Sendable {
    /// The kinds of steps counted.
    package struct Snapshot: Sendable, Equatable {
        /// Regular expressions compiled (`MATCHES`).
        package var regexCompilations = 0
        /// To-one relationships followed in memory (one per hop).
        package var hopsFollowed = 0
        /// Strings case- or diacritic-folded.
        package var textFolds = 0
        /// Values compared with the elements of an `IN` list: one per element compared, one per
        /// look-up among the list's indexed constants.
        package var membershipComparisons = 0
        /// Statements sent to a server store (PostgreSQL), one per round trip or pipelined
        /// statement.
        package var serverStatements = 0
    }

    private let counts = Locked(Snapshot())

    package init() {}

    /// The counts recorded in this task, if any.
    @TaskLocal package static var current: OperationCounts?

    /// What has been counted so far.
    package var snapshot: Snapshot {
        counts.withLock { $0 }
    }

    /// Regular expressions compiled so far.
    package var regexCompilations: Int { snapshot.regexCompilations }
    /// To-one hops followed so far.
    package var hopsFollowed: Int { snapshot.hopsFollowed }
    /// Strings folded so far.
    package var textFolds: Int { snapshot.textFolds }
    /// `IN` element comparisons and look-ups so far.
    package var membershipComparisons: Int { snapshot.membershipComparisons }

    /// Statements sent to a server store so far.
    package var serverStatements: Int { snapshot.serverStatements }

    /// Adds one to a count of the current task's counts (debug builds only).
    @inline(__always)
    package static func record(_ step: WritableKeyPath<Snapshot, Int>) {
        #if DEBUG
        current?.counts.withLock { $0[keyPath: step] += 1 }
        #endif
    }
}
