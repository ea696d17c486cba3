public import DiffableSnapshots
import DiffableSupport

/// Why an apply failed. The view and the data source then keep the last snapshot applied.
///
/// A data source never traps because of what a snapshot holds or what a provider does: every
/// failure on the apply path is reported as one of these, thrown from the apply, and the next
/// apply starts from the last state that succeeded.
///
/// ```swift
/// do {
///     try await dataSource.apply(snapshot)
/// } catch .cellUnavailable(let item, let path) {
///     print("no cell for \(item) at \(path)")
/// } catch {
///     print(error)  // the message says what failed, where, and what to do
/// }
/// ```
///
/// Identifiers appear as their `String(reflecting:)` descriptions.
public enum DiffableDataSourceError: Error, CustomStringConvertible {
    /// The cell provider returned `nil` for `item`, at `path` in the snapshot being applied: the
    /// snapshot holds an identifier the view cannot show.
    case cellUnavailable(item: String, path: ItemPath)

    /// The cell provider threw `underlying` for `item`, at `path` in the snapshot being applied.
    case cellProviderFailed(item: String, path: ItemPath, underlying: any Error)

    /// The supplementary view provider threw `underlying` for the element of kind `kind` at `path`
    /// in the snapshot being applied.
    case supplementaryProviderFailed(kind: String, path: ItemPath, underlying: any Error)

    /// A batch update does not turn the snapshot shown into the snapshot applied: either one
    /// passed with ``DiffableDataSource/apply(_:using:from:animatingDifferences:isolation:)`` or
    /// one a view rejected after checking it.
    case invalidUpdate(BatchUpdateError)

    /// The view threw `underlying` from `reloadData(_:)` or `performBatchUpdates(_:)`.
    case viewFailed(underlying: any Error)

    /// Sentences that say what failed, where, and what to do about it.
    public var description: String {
        switch self {
        case .cellUnavailable(let item, let path):
            "The cell provider returned no cell for item \(item) at \(path); return a cell for every item the "
                + "snapshot holds, or leave the item out of the snapshot. \(Self.keptSnapshot)"
        case .cellProviderFailed(let item, let path, let underlying):
            "The cell provider failed for item \(item) at \(path): \(clause("\(underlying)")); fix what the "
                + "provider reads or leave the item out of the snapshot. \(Self.keptSnapshot)"
        case .supplementaryProviderFailed(let kind, let path, let underlying):
            "The supplementary view provider failed for kind \"\(kind)\" at \(path): \(clause("\(underlying)")); "
                + "fix what the provider reads, or return nil for that element. \(Self.keptSnapshot)"
        case .invalidUpdate(let error):
            "The batch update does not turn the snapshot shown into the one applied. \(error) Pass the update "
                + "computed from the snapshot the data source shows, or apply the snapshot alone to have the data "
                + "source diff it. \(Self.keptSnapshot)"
        case .viewFailed(let underlying):
            "The view failed to show the snapshot: \(clause("\(underlying)")). \(Self.keptSnapshot)"
        }
    }

    /// What the data source does after every failed apply.
    private static let keptSnapshot = "The view keeps the last snapshot applied."
}
