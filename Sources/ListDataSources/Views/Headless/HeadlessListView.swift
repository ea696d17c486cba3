public import DiffableSnapshots
import DiffableSupport

/// A list view that shows nothing on screen but keeps what it would show, checks every update it
/// receives, and records them: the view of tests, and the reference other views are compared to.
///
/// It keeps the snapshot it shows and a cell for every item (asking the data source for a cell
/// for each item it reloads, inserts, reloads or reconfigures), checks each batch update with
/// `BatchUpdate.validate(from:to:)` against the snapshot it shows, and records each reload and
/// update in ``history``. An update that breaks a rule is rejected: counted in
/// ``invalidUpdateCount``, recorded, and thrown, so the apply fails and the view keeps what it
/// showed.
///
/// ```swift
/// let view = HeadlessListView<String, Int, String>()
/// let dataSource = DiffableDataSource(view: view) { _, _, item in "row \(item)" }
/// try await dataSource.apply(snapshot)
/// view.snapshot.itemIdentifiers  // what the view shows
/// view.cell(for: 3)              // "row 3"
/// view.invalidUpdateCount        // 0
/// ```
///
/// All members can be used from any thread.
///
/// ## Topics
///
/// ### Creating a view
/// - ``init(validatesUpdates:recordsHistory:supplementaryKinds:)``
///
/// ### What the view shows
/// - ``snapshot``
/// - ``cell(for:)``
/// - ``supplementary(ofKind:inSection:)``
/// - ``indexPathsForVisibleItems``
/// - ``visibleItemLimit``
///
/// ### What the view received
/// - ``history``
/// - ``Event``
/// - ``invalidUpdateCount``
/// - ``reloadCount``
/// - ``batchUpdateCount``
/// - ``cellRequestCount``
/// - ``removeHistory()``
public final class HeadlessListView<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable,
    Cell: Sendable
>: ListView, Sendable {
    /// Supplementary views are of the cell type.
    public typealias Supplementary = Cell
    /// The snapshot type of the view.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// One call the view received.
    public enum Event: Sendable {
        /// `reloadData(_:)`, and the snapshot shown since (when history keeps snapshots).
        case reloadData(Snapshot)
        /// An accepted `performBatchUpdates(_:)`: the update, the snapshot shown since, and
        /// whether it was animated.
        case batchUpdate(BatchUpdate, Snapshot, animated: Bool)
        /// A rejected `performBatchUpdates(_:)`: the update and the first rule it breaks.
        case rejectedUpdate(BatchUpdate, BatchUpdateError)
    }

    // Everything below is guarded by `state`.
    struct State {
        var snapshot = Snapshot()
        var cells: [ItemIdentifierType: Cell] = [:]
        var supplementaries: [SectionIdentifierType: [String: Cell]] = [:]
        var history: [Event] = []
        var invalidUpdateCount = 0
        var reloadCount = 0
        var batchUpdateCount = 0
        var cellRequestCount = 0
        var visibleItemLimit = 0
    }

    let state = Locked(State())
    @usableFromInline let validate: (@Sendable (BatchUpdate, Snapshot, Snapshot) throws(BatchUpdateError) -> Void)?
    let recordsHistory: Bool
    let supplementaryKinds: [String]

    @usableFromInline
    init(
        validate: (@Sendable (BatchUpdate, Snapshot, Snapshot) throws(BatchUpdateError) -> Void)?,
        recordsHistory: Bool,
        supplementaryKinds: [String]
    ) {
        self.validate = validate
        self.recordsHistory = recordsHistory
        self.supplementaryKinds = supplementaryKinds
    }

    /// Creates an empty view.
    ///
    /// - Parameters:
    ///   - validatesUpdates: Whether to check every batch update against the snapshot shown and
    ///     reject the ones that break a rule. Checking costs O(*k*) for the *k* items of the
    ///     sections an update touches.
    ///   - recordsHistory: Whether to record every call in ``history``, with its snapshot.
    ///   - supplementaryKinds: The kinds of supplementary views to ask for, one of each per
    ///     section (on reload, and for inserted and reloaded sections).
    @inlinable
    public convenience init(validatesUpdates: Bool = true, recordsHistory: Bool = true, supplementaryKinds: [String] = []) {
        var validate: (@Sendable (BatchUpdate, Snapshot, Snapshot) throws(BatchUpdateError) -> Void)?
        if validatesUpdates {
            validate = { update, old, new throws(BatchUpdateError) in try update.validate(from: old, to: new) }
        }
        self.init(validate: validate, recordsHistory: recordsHistory, supplementaryKinds: supplementaryKinds)
    }
}
