public import DiffableSnapshots

/// A view that shows a list of sections and items and changes it one batch update at a time.
///
/// A ``DiffableDataSource`` drives a list view the way UIKit's diffable data source drives a
/// collection view: its first apply reloads the view, and every later apply becomes exactly one
/// call of ``performBatchUpdates(_:)`` with one `BatchUpdate`. The view never builds or diffs
/// snapshots; it is told what changed and asks for the cells it needs.
///
/// ```swift
/// final class RowCounter: ListView, @unchecked Sendable {
///     typealias SectionIdentifierType = String
///     typealias ItemIdentifierType = Int
///     typealias Cell = String
///
///     // Sendable as checked by hand: `lock` guards `count`, the only mutable state.
///     private let lock = NSLock()
///     private var count = 0
///
///     var rows: Int { lock.withLock { count } }
///
///     func reloadData(_ content: ListViewContent<RowCounter>) throws {
///         lock.withLock { count = content.snapshot.numberOfItems }
///     }
///
///     func performBatchUpdates(_ update: ListViewUpdate<RowCounter>) throws {
///         lock.withLock { count = update.newSnapshot.numberOfItems }
///     }
/// }
/// ```
///
/// ### Atomic updates
/// Both methods may throw, and a view that throws must keep showing what it showed before the
/// call. Read every cell first (``ListViewContent/cell(at:)`` throws when the cell provider fails),
/// then change what you show: the data source then reports the error from its apply and keeps its
/// own snapshot where it was, so view and data source stay in step.
///
/// ### Threads
/// A data source calls its view from whichever thread or actor runs its serialised applies,
/// never from two at once. Other code may use the view at the same time (to scroll it, say), so a
/// view is `Sendable` and guards its own state.
///
/// The contract every list view keeps is checked by `ListViewContract` in the
/// `ListDataSourcesTesting` library; run it on your own view.
public protocol ListView<SectionIdentifierType, ItemIdentifierType>: AnyObject, Sendable {
    /// The type of the section identifiers of the snapshots the view shows.
    associatedtype SectionIdentifierType: Hashable & Sendable
    /// The type of the item identifiers of the snapshots the view shows.
    associatedtype ItemIdentifierType: Hashable & Sendable
    /// What the cell provider makes for an item: a row, a cell object, a line of text.
    associatedtype Cell
    /// What the supplementary view provider makes, such as a section header.
    associatedtype Supplementary = Never

    /// Replaces everything the view shows with `content`, without animation.
    ///
    /// Called for the first apply of a data source, for an apply to a view that shows no
    /// sections, and for ``DiffableDataSource/applySnapshotUsingReloadData(_:isolation:)``.
    ///
    /// - Throws: Any error; the view must then keep showing what it showed before.
    func reloadData(_ content: ListViewContent<Self>) throws

    /// Changes what the view shows by one batch update, from ``ListViewUpdate/oldSnapshot`` to
    /// ``ListViewUpdate/newSnapshot``.
    ///
    /// The update follows UIKit's rules (see `BatchUpdate`): deletes, reloads and move sources
    /// address the old snapshot; inserts, move destinations and reconfigures address the new one.
    ///
    /// - Throws: Any error; the view must then keep showing what it showed before.
    func performBatchUpdates(_ update: ListViewUpdate<Self>) throws

    /// The paths, in the snapshot the view shows, of the items on screen, in order.
    ///
    /// A data source reads them for ``DiffableDataSource/visibleItemIdentifiers()``, so that
    /// whoever feeds it can prefetch what is about to be shown. The default is empty.
    var indexPathsForVisibleItems: [ItemPath] { get }
}

extension ListView {
    /// No items are reported visible.
    public var indexPathsForVisibleItems: [ItemPath] { [] }
}
