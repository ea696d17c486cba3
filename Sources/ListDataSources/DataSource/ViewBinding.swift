public import DiffableSnapshots

/// A data source's view, its providers, and the snapshot operations an apply needs, as closures
/// made where the data source is created.
///
/// The data source is generic over its identifiers only, as Apple's is, so the view's type lives
/// here, in closures. Diffing, checking and comparing snapshots are closures too: made by the
/// data source's inlinable initializer, they are specialised for the identifier types in the
/// module that creates the data source, and so run at full speed (an unspecialised diff runs
/// several times slower).
@usableFromInline
struct ViewBinding<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// Calls the view's `reloadData(_:)`.
    @usableFromInline let reload: @Sendable (Snapshot) throws(DiffableDataSourceError) -> Void
    /// Calls the view's `performBatchUpdates(_:)` with an update, the old and new snapshots and
    /// whether to animate.
    @usableFromInline let performBatchUpdates: @Sendable (BatchUpdate, Snapshot, Snapshot, Bool) throws(DiffableDataSourceError) -> Void
    /// Reads the view's `indexPathsForVisibleItems`.
    @usableFromInline let visibleIndexPaths: @Sendable () -> [ItemPath]
    /// `BatchUpdate(from:to:)`.
    @usableFromInline let diff: @Sendable (Snapshot, Snapshot) -> BatchUpdate
    /// `BatchUpdate.validate(from:to:)`.
    @usableFromInline let validate: @Sendable (BatchUpdate, Snapshot, Snapshot) throws(BatchUpdateError) -> Void
    /// Whether two snapshots hold the same sections and items, marks aside.
    @usableFromInline let haveSameLayout: @Sendable (Snapshot, Snapshot) -> Bool
    /// The snapshot without its reload and reconfigure marks.
    @usableFromInline let withoutMarks: @Sendable (Snapshot) -> Snapshot

    @inlinable
    init<View: ListView>(
        view: View,
        cellProvider: @escaping @Sendable (View, ItemPath, ItemIdentifierType) throws -> View.Cell?,
        supplementaryViewProvider: (@Sendable (View, String, ItemPath, SectionIdentifierType) throws -> View.Supplementary?)?
    ) where View.SectionIdentifierType == SectionIdentifierType, View.ItemIdentifierType == ItemIdentifierType {
        let cells: @Sendable (ItemPath, ItemIdentifierType) throws -> View.Cell? = { try cellProvider(view, $0, $1) }
        let supplementaries: @Sendable (String, ItemPath, SectionIdentifierType) throws -> View.Supplementary? = {
            try supplementaryViewProvider?(view, $0, $1, $2)
        }
        reload = { snapshot throws(DiffableDataSourceError) in
            let content = ListViewContent<View>(snapshot: snapshot, cellProvider: cells, supplementaryProvider: supplementaries)
            do {
                try view.reloadData(content)
            } catch {
                throw Self.reported(error)
            }
        }
        performBatchUpdates = { update, old, new, animated throws(DiffableDataSourceError) in
            let content = ListViewContent<View>(snapshot: new, cellProvider: cells, supplementaryProvider: supplementaries)
            do {
                try view.performBatchUpdates(
                    ListViewUpdate(batchUpdate: update, oldSnapshot: old, content: content, animatingDifferences: animated)
                )
            } catch {
                throw Self.reported(error)
            }
        }
        visibleIndexPaths = { view.indexPathsForVisibleItems }
        diff = { old, new in BatchUpdate(from: old, to: new) }
        validate = { update, old, new throws(BatchUpdateError) in try update.validate(from: old, to: new) }
        haveSameLayout = { $0.hasSameLayout(as: $1) }
        withoutMarks = { $0.withoutMarks() }
    }

    /// A view's error as the data source reports it: its own errors as they are, a rejected
    /// update as an invalid update, anything else as a view failure.
    @usableFromInline
    static func reported(_ error: any Error) -> DiffableDataSourceError {
        switch error {
        case let error as DiffableDataSourceError: error
        case let error as BatchUpdateError: .invalidUpdate(error)
        default: .viewFailed(underlying: error)
        }
    }
}
