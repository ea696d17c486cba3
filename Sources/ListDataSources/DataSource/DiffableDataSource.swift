public import DiffableSnapshots
import DiffableSupport

/// The object that keeps a list view in step with snapshots: it holds the snapshot the view
/// shows, applies new ones one at a time, turns each into one batch update on the view, and
/// makes cells from item identifiers.
///
/// `DiffableDataSource` has the shape of UIKit's `UICollectionViewDiffableDataSource`: create it
/// with a view and a cell provider, then apply snapshots.
///
/// ```swift
/// let view = TerminalListView<String, ObjectID>(size: TerminalSize(columns: 80, rows: 24))
/// let dataSource = DiffableDataSource(view: view) { view, path, objectID in
///     // Resolve the object from the identifier handed in, never from an index.
///     let match = try context.performAndWait { try context.existingObject(with: objectID) as! Match }
///     return TerminalCell(match.title, detail: match.score)
/// }
///
/// var snapshot = DiffableDataSourceSnapshot<String, ObjectID>()
/// snapshot.appendSections(["Live"])
/// snapshot.appendItems(liveMatchIDs)
/// try await dataSource.apply(snapshot)  // the first apply reloads the view
/// ```
///
/// ### One batch update per apply
/// Applies run one at a time, in the order they are called, from any thread or actor. The first
/// apply, an apply to a view that shows no sections, and ``applySnapshotUsingReloadData(_:isolation:)``
/// reload the view; every other apply is exactly one call of the view's
/// ``ListView/performBatchUpdates(_:)``, with the batch update from the snapshot shown to the new
/// one. An apply of a snapshot equal to the one shown changes nothing but still honours its
/// reload and reconfigure marks.
///
/// ### Known updates
/// Whoever already knows the batch update that leads to a snapshot (a fetched results
/// controller's delivery, a composer's) passes it with
/// ``apply(_:using:from:animatingDifferences:isolation:)``: when it starts from the snapshot
/// shown, the data source performs it without diffing. An update that starts elsewhere is never
/// performed blindly: the data source diffs instead.
///
/// ### Errors
/// A cell provider that returns `nil` or throws, or a view that throws, fails the apply with a
/// ``DiffableDataSourceError``; the view and the data source then keep the last snapshot applied.
///
/// ## Topics
///
/// ### Creating a data source
/// - ``init(view:cellProvider:supplementaryViewProvider:)``
/// - ``CellProvider``
/// - ``SupplementaryViewProvider``
///
/// ### Applying snapshots
/// - ``apply(_:animatingDifferences:isolation:)``
/// - ``apply(_:using:from:animatingDifferences:isolation:)``
/// - ``applySnapshotUsingReloadData(_:isolation:)``
/// - ``apply(_:to:animatingDifferences:isolation:)``
/// - ``ApplyMethod``
/// - ``DiffableDataSourceError``
///
/// ### Reading what is shown
/// - ``snapshot()``
/// - ``snapshot(for:)``
/// - ``itemIdentifier(for:)``
/// - ``indexPath(for:)``
/// - ``sectionIdentifier(for:)``
/// - ``index(for:)``
/// - ``visibleItemIdentifiers()``
///
/// ### Reordering items
/// - ``reorderingHandlers``
/// - ``ReorderingHandlers``
/// - ``canMoveItem(at:)``
/// - ``moveItem(at:to:isolation:)``
public final class DiffableDataSource<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The snapshot type the data source applies.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// The closure that makes the cell of an item: it receives the view, the item's path in the
    /// snapshot being applied, and the item's identifier, and returns the cell, or `nil` when it
    /// cannot show the item (the apply then fails with
    /// ``DiffableDataSourceError/cellUnavailable(item:path:)``).
    ///
    /// Resolve what the cell shows from the identifier: the path is where the item *will* be,
    /// which other lists of the same data need not agree with yet.
    public typealias CellProvider<View: ListView> = @Sendable (View, ItemPath, ItemIdentifierType) throws -> View.Cell?

    /// The closure that makes a supplementary view, such as a section header: it receives the
    /// view, the element's kind, its path, and the identifier of its section, and returns the
    /// supplementary view or `nil`.
    ///
    /// Unlike UIKit's, it receives the section's identifier too, read from the snapshot being
    /// applied, so that a header never needs an index lookup.
    public typealias SupplementaryViewProvider<View: ListView> =
        @Sendable (View, String, ItemPath, SectionIdentifierType) throws -> View.Supplementary?

    @usableFromInline let binding: ViewBinding<SectionIdentifierType, ItemIdentifierType>
    @usableFromInline let queue = ApplyQueue()
    let state: Locked<State>

    /// What the data source shows and keeps between applies.
    struct State {
        /// The last snapshot applied, as it was passed (marks included).
        var current = Snapshot()
        /// `current` without marks, made when first asked for.
        var unmarked: Snapshot?
        /// Counts successful applies, so that work done outside the lock can tell whether
        /// `current` changed meanwhile.
        var version = 0
        var hasLoaded = false
        /// Section snapshots applied, with the items each made its section show.
        var outlines: [SectionIdentifierType: Outline] = [:]
        var reorderingHandlers = ReorderingHandlers()
    }

    /// A section snapshot applied to a section, and the items it made the section show.
    struct Outline {
        var sectionSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
        var items: [ItemIdentifierType]
    }

    @usableFromInline
    init(binding: ViewBinding<SectionIdentifierType, ItemIdentifierType>) {
        self.binding = binding
        state = Locked(State())
    }

    /// Creates a data source that shows its snapshots in `view`, with cells from `cellProvider`
    /// and supplementary views (section headers, say) from `supplementaryViewProvider`.
    ///
    /// Nothing is shown until the first apply, which reloads the view.
    ///
    /// ```swift
    /// let view = HeadlessListView<String, Int, String>()
    /// let dataSource = DiffableDataSource(view: view) { _, _, item in "row \(item)" }
    /// ```
    ///
    /// The providers run on the thread or actor that performs the apply, and, for a view that
    /// keeps its content to scroll, on the thread that scrolls it; they must not call back into
    /// the view.
    @inlinable
    public convenience init<View: ListView>(
        view: View,
        cellProvider: @escaping CellProvider<View>,
        supplementaryViewProvider: SupplementaryViewProvider<View>? = nil
    ) where View.SectionIdentifierType == SectionIdentifierType, View.ItemIdentifierType == ItemIdentifierType {
        self.init(
            binding: ViewBinding(view: view, cellProvider: cellProvider, supplementaryViewProvider: supplementaryViewProvider)
        )
    }
}
