/// One behaviour the ``ListViewContract`` checks.
public enum ListViewContractScenario: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The first apply, and an apply to a view showing no sections, reload the view.
    case firstApplyReloads
    /// Each later apply is exactly one valid batch update from the snapshot shown to the new
    /// one, over a long random walk, and the view then shows the new snapshot.
    case appliesAreSingleBatchUpdates
    /// `applySnapshotUsingReloadData` reloads the view.
    case reloadDataReloads
    /// An apply of the snapshot shown is one empty batch update, or, with marks, one holding
    /// exactly the reloads and reconfigures marked.
    case equalSnapshotHonoursMarks
    /// Batch updates passed with the snapshot they start from are performed as they are; one
    /// from a stale snapshot is replaced by a diff.
    case knownUpdatesArePerformed
    /// A cell provider that throws for an item the view needs fails the apply, and the view
    /// keeps showing the last snapshot applied.
    case failingCellKeepsLastState
    /// A cell provider that returns `nil` for an item the view needs fails the apply, and the
    /// view keeps showing the last snapshot applied.
    case missingCellKeepsLastState
    /// Applies from many tasks at once run one at a time, in each task's order, all valid, and
    /// the view ends at the last one.
    case concurrentAppliesKeepOrder
    /// A section snapshot changes its section only, in one batch update.
    case sectionSnapshotsReplaceTheirSection
    /// A reordering is one batch update holding one move.
    case reorderingIsOneMove
    /// The paths a view reports visible are paths of the snapshot it shows.
    case visibleItemsAreShown

    /// The scenario's name.
    public var description: String { rawValue }
}
