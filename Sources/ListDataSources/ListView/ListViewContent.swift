public import DiffableSnapshots
public import DiffableSupport

/// A snapshot a view is asked to show, with the cells and supplementary views for it.
///
/// A view receives one with ``ListView/reloadData(_:)`` and inside every ``ListViewUpdate``.
/// ``cell(at:)`` calls the data source's cell provider with the identifier that this snapshot
/// holds at the path asked, so a cell always matches the row it is made for, whatever the data
/// source or the store do meanwhile.
///
/// A view may keep the content of its last update and ask it for more cells later, for rows it
/// scrolls to: the content keeps answering for its own snapshot.
///
/// ```swift
/// func reloadData(_ content: ListViewContent<MyView>) throws {
///     var rows: [[MyRow]] = []
///     for (section, identifier) in content.snapshot.sectionIdentifiers.enumerated() {
///         let count = content.snapshot.numberOfItems(inSection: identifier)
///         rows.append(try (0..<count).map { try content.cell(at: ItemPath(section: section, item: $0)) })
///     }
///     lock.withLock { self.rows = rows }  // change state only once every cell is made
/// }
/// ```
public struct ListViewContent<View: ListView>: Sendable {
    /// The snapshot type of the view.
    public typealias Snapshot = DiffableDataSourceSnapshot<View.SectionIdentifierType, View.ItemIdentifierType>

    /// The snapshot to show.
    public let snapshot: Snapshot

    @usableFromInline let makeCell: @Sendable (ItemPath, View.ItemIdentifierType) throws(DiffableDataSourceError) -> View.Cell
    @usableFromInline let makeSupplementary: @Sendable (String, ItemPath, View.SectionIdentifierType) throws(DiffableDataSourceError) -> View.Supplementary?

    @inlinable
    init(
        snapshot: Snapshot,
        makeCell: @escaping @Sendable (ItemPath, View.ItemIdentifierType) throws(DiffableDataSourceError) -> View.Cell,
        makeSupplementary: @escaping @Sendable (String, ItemPath, View.SectionIdentifierType) throws(DiffableDataSourceError) -> View.Supplementary?
    ) {
        self.snapshot = snapshot
        self.makeCell = makeCell
        self.makeSupplementary = makeSupplementary
    }

    /// Content that makes cells with `cellProvider` and supplementary views with
    /// `supplementaryProvider`: what a data source hands its view, for driving a view without
    /// one (in a test of the view, say).
    ///
    /// ```swift
    /// let content = ListViewContent<MyView>(snapshot: snapshot) { _, item in MyRow(item) }
    /// try view.reloadData(content)
    /// ```
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot to show.
    ///   - cellProvider: Makes the cell of an item from its path and identifier; `nil` when it
    ///     cannot (``cell(at:)`` then throws ``DiffableDataSourceError/cellUnavailable(item:path:)``).
    ///   - supplementaryProvider: Makes a supplementary view from its kind, its path and its
    ///     section's identifier; by default there are none.
    @inlinable
    public init(
        snapshot: Snapshot,
        cellProvider: @escaping @Sendable (ItemPath, View.ItemIdentifierType) throws -> View.Cell?,
        supplementaryProvider: @escaping @Sendable (String, ItemPath, View.SectionIdentifierType) throws -> View.Supplementary? = {
            _, _, _ in nil
        }
    ) {
        self.init(
            snapshot: snapshot,
            makeCell: { path, item throws(DiffableDataSourceError) in
                let cell: View.Cell?
                do {
                    cell = try cellProvider(path, item)
                } catch {
                    throw .cellProviderFailed(item: String(reflecting: item), path: path, underlying: error)
                }
                guard let cell else { throw .cellUnavailable(item: String(reflecting: item), path: path) }
                return cell
            },
            makeSupplementary: { kind, path, section throws(DiffableDataSourceError) in
                do {
                    return try supplementaryProvider(kind, path, section)
                } catch {
                    throw .supplementaryProviderFailed(kind: kind, path: path, underlying: error)
                }
            }
        )
    }

    /// The same content for another view type with the same identifiers, cells and
    /// supplementary views: for a view that wraps another and passes its updates on, as a
    /// `Wrapper<Base: ListView>` whose `base` is the view it wraps does:
    ///
    /// ```swift
    /// func reloadData(_ content: ListViewContent<Wrapper>) throws {
    ///     try base.reloadData(ListViewContent<Base>(content))
    /// }
    /// ```
    @inlinable
    public init<Other: ListView>(_ other: ListViewContent<Other>)
    where Other.SectionIdentifierType == View.SectionIdentifierType,
        Other.ItemIdentifierType == View.ItemIdentifierType,
        Other.Cell == View.Cell,
        Other.Supplementary == View.Supplementary {
        self.init(snapshot: other.snapshot, makeCell: other.makeCell, makeSupplementary: other.makeSupplementary)
    }

    /// The identifier of the item at `path` in ``snapshot``. O(1).
    ///
    /// - Precondition: `path` is a path of ``snapshot``.
    @inlinable
    public func itemIdentifier(at path: ItemPath) -> View.ItemIdentifierType {
        guard let item = snapshot.listItem(at: path) else {
            programmerError("The path \(path), passed to itemIdentifier(at:), is not a path of the snapshot shown; pass a path of ListViewContent.snapshot.")
        }
        return item
    }

    /// The cell for the item at `path` in ``snapshot``, made by the data source's cell provider
    /// from the item's identifier.
    ///
    /// - Precondition: `path` is a path of ``snapshot``.
    /// - Throws: ``DiffableDataSourceError/cellUnavailable(item:path:)`` when the provider returns
    ///   `nil`, ``DiffableDataSourceError/cellProviderFailed(item:path:underlying:)`` when it throws.
    @inlinable
    public func cell(at path: ItemPath) throws(DiffableDataSourceError) -> View.Cell {
        guard let item = snapshot.listItem(at: path) else {
            programmerError("The path \(path), passed to cell(at:), is not a path of the snapshot shown; pass a path of ListViewContent.snapshot.")
        }
        return try makeCell(path, item)
    }

    /// The supplementary view of kind `kind` (a header, say) at `path` in ``snapshot``, or `nil`
    /// when the data source has no supplementary view provider or the provider returns `nil`.
    ///
    /// For an element of a whole section, such as its header, pass the path of the section's
    /// first position: `ItemPath(section: index, item: 0)`, even when the section is empty.
    ///
    /// - Precondition: `path.section` is a section of ``snapshot``.
    /// - Throws: ``DiffableDataSourceError/supplementaryProviderFailed(kind:path:underlying:)``.
    @inlinable
    public func supplementary(ofKind kind: String, at path: ItemPath) throws(DiffableDataSourceError) -> View.Supplementary? {
        guard let section = snapshot.listSection(at: path.section) else {
            programmerError("Section \(path.section) of the path \(path), passed to supplementary(ofKind:at:), is not a section of the snapshot shown; pass a section of ListViewContent.snapshot.")
        }
        return try makeSupplementary(kind, path, section)
    }
}
