package import ObjectStore
import DiffableSnapshots
import DiffableSupport

/// What stops the demo: a store it must not or cannot open, banners it cannot read, a feed step
/// or an apply that failed. Each message is one line that says what, where and what to do.
package enum ScoreboardError: Error, Sendable, CustomStringConvertible {
    /// The database at `path` was not made by the demo (it lacks the demo's mark); it was left
    /// unchanged.
    case notAScoreboardStore(path: String, found: String)
    /// The object store could not open, read or write the store.
    case store(ObjectStoreError)
    /// The banners file at `path` could not be read or decoded.
    case unreadableBanners(path: String, reason: String)
    /// A controller of the home screen could not fetch.
    case fetch(String)
    /// A data source apply failed.
    case apply(String)

    /// One line of sentences that say what failed, where, and what to do.
    package var description: String {
        switch self {
        case let .notAScoreboardStore(path, found):
            "The database at \(path) was not created by the scoreboard (it holds \(clause(found))). It was left unchanged; "
                + "pass another --store path, or --in-memory."
        case let .store(error):
            error.description.replacingOccurrences(of: "\n", with: " ")
        case let .unreadableBanners(path, reason):
            "Cannot read the banners at \(path): \(clause(reason)). Reinstall the demo or fix the file."
        case let .fetch(reason):
            "The home screen cannot fetch. \(reason)"
        case let .apply(reason):
            "The list could not show an update. \(reason)"
        }
    }
}
