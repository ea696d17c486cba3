public import DiffableSnapshots
public import DiffableSupport

/// One batch update a data source asks a view to perform: the update, the snapshots on both sides
/// of it, and the cells for the new one.
///
/// A view receives one with ``ListView/performBatchUpdates(_:)``. ``batchUpdate`` addresses
/// ``oldSnapshot`` (deletes, reloads, move sources) and ``newSnapshot`` (inserts, move
/// destinations, reconfigures); ``content`` makes the cells of ``newSnapshot``.
///
/// ```swift
/// func performBatchUpdates(_ update: ListViewUpdate<MyView>) throws {
///     let fresh = try update.batchUpdate.itemInserts.map { try update.content.cell(at: $0) }
///     lock.withLock { apply(update.batchUpdate, insertedCells: fresh) }
/// }
/// ```
public struct ListViewUpdate<View: ListView>: Sendable {
    /// The snapshot type of the view.
    public typealias Snapshot = DiffableDataSourceSnapshot<View.SectionIdentifierType, View.ItemIdentifierType>

    /// The update to perform.
    public let batchUpdate: BatchUpdate
    /// The snapshot the view shows before the update.
    public let oldSnapshot: Snapshot
    /// The snapshot to show after the update, with its cells.
    public let content: ListViewContent<View>
    /// Whether the apply asked to animate the change (`animatingDifferences`).
    public let animatingDifferences: Bool

    /// An update from `oldSnapshot` to the snapshot of `content`: what a data source hands its
    /// view, for driving a view without one (in a test of the view, say).
    ///
    /// Nothing is checked here; a view may check `batchUpdate` with
    /// `BatchUpdate.validate(from:to:)`.
    @inlinable
    public init(batchUpdate: BatchUpdate, oldSnapshot: Snapshot, content: ListViewContent<View>, animatingDifferences: Bool = true) {
        self.batchUpdate = batchUpdate
        self.oldSnapshot = oldSnapshot
        self.content = content
        self.animatingDifferences = animatingDifferences
    }

    /// The same update for another view type with the same identifiers, cells and
    /// supplementary views: for a view that wraps another and passes its updates on.
    @inlinable
    public init<Other: ListView>(_ other: ListViewUpdate<Other>)
    where Other.SectionIdentifierType == View.SectionIdentifierType,
        Other.ItemIdentifierType == View.ItemIdentifierType,
        Other.Cell == View.Cell,
        Other.Supplementary == View.Supplementary {
        self.init(
            batchUpdate: other.batchUpdate,
            oldSnapshot: other.oldSnapshot,
            content: ListViewContent(other.content),
            animatingDifferences: other.animatingDifferences
        )
    }

    /// The snapshot to show after the update.
    @inlinable
    public var newSnapshot: Snapshot { content.snapshot }

    /// The identifier of the item at `path` in ``oldSnapshot``: what a delete, a reload or a
    /// move source names. O(1).
    ///
    /// - Precondition: `path` is a path of ``oldSnapshot``.
    @inlinable
    public func oldItemIdentifier(at path: ItemPath) -> View.ItemIdentifierType {
        guard let item = oldSnapshot.listItem(at: path) else {
            programmerError("The path \(path), passed to oldItemIdentifier(at:), is not a path of the old snapshot; pass a path of ListViewUpdate.oldSnapshot.")
        }
        return item
    }
}
