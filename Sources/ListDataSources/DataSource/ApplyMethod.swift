/// How a data source brought its view to a snapshot.
///
/// Every apply returns one, so that a caller (or a test) can see which path it took.
public enum ApplyMethod: Hashable, Sendable {
    /// The view reloaded everything: the first apply, an apply to a view showing no sections, or
    /// ``DiffableDataSource/applySnapshotUsingReloadData(_:isolation:)``.
    case reloadData
    /// The data source diffed the snapshot shown against the new one and performed the result.
    case diff
    /// The data source performed the batch update it was given, without diffing.
    case knownUpdate
}
