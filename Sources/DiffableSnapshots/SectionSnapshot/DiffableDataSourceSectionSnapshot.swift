/// The items of one section arranged as an outline: ordered root items, each with ordered
/// children, any of which can be expanded or collapsed.
///
/// `DiffableDataSourceSectionSnapshot` has the members and argument labels of Apple's
/// `NSDiffableDataSourceSectionSnapshot`, so code written against Apple's type ports by changing
/// the import.
///
/// ```swift
/// var outline = DiffableDataSourceSectionSnapshot<String>()
/// outline.append(["Football", "Tennis"])
/// outline.append(["Premier League", "La Liga"], to: "Football")
/// outline.append(["Wimbledon"], to: "Tennis")
/// outline.expand(["Football"])
///
/// outline.items         // ["Football", "Premier League", "La Liga", "Tennis", "Wimbledon"]
/// outline.visibleItems  // ["Football", "Premier League", "La Liga", "Tennis"]
///
/// var snapshot = DiffableDataSourceSnapshot<String, String>()
/// snapshot.replaceItems(inSection: "Sports", with: outline)  // the section shows visibleItems
/// ```
///
/// ### Order, levels and visibility
/// ``items`` lists every item depth first: each item is followed by its children (and theirs)
/// before its next sibling. Root items are at level 0, their children at level 1, and so on. An
/// item is *visible* when every one of its ancestors is expanded; root items are always visible.
/// ``visibleItems`` is what a list shows for this section.
///
/// ### Expansion
/// New items start collapsed, as in Apple's snapshot. Items copied from another section
/// snapshot (``append(_:to:)-(DiffableDataSourceSectionSnapshot<ItemIdentifierType>,_)``,
/// ``replace(childrenOf:using:)``, …) keep the expansion state they had there. Expansion is a
/// property of the item, not of its children: a leaf can be expanded (its children show as soon
/// as it has some), and collapsing an item keeps the state of its descendants, so expanding it
/// again shows the subtree as it was.
///
/// ### Identity
/// Item identifiers are unique in the whole outline, at every level. Adding an identifier that is
/// already present, or naming a parent or anchor item that is not present, is a programmer error:
/// it traps with a message that names the identifier, as ``DiffableDataSourceSnapshot`` does.
/// Deleting identifiers that are not present does nothing; queries about them answer `false` or
/// `nil`, except ``level(of:)``, which has no answer to give and traps.
///
/// ### Performance
/// A section snapshot is a value: copies share storage until one of them changes. Besides a
/// table from identifier to item, it keeps the depth-first order in a balanced tree, so that:
/// - ``contains(_:)``, ``parent(of:)``, ``level(of:)`` and ``isExpanded(_:)`` are O(1) on average;
/// - ``index(of:)`` is O(log *n*) expected; ``isVisible(_:)`` is O(*d*) in the item's depth;
/// - adding *k* items anywhere costs O(*k* + log *n*), deleting an item and its *m* descendants
///   O(*m* + log *n*), so building a large outline costs O(*n*) whatever its shape (wide, deep,
///   or built parent by parent);
/// - ``items`` and ``visibleItems`` are O(*n*) and skip collapsed subtrees in O(log *n*) each.
///
/// ## Topics
///
/// ### Creating a section snapshot
/// - ``init()``
/// - ``init(_:)``
///
/// ### Adding items
/// - ``append(_:to:)-([ItemIdentifierType],_)``
/// - ``insert(_:before:)-([ItemIdentifierType],_)``
/// - ``insert(_:after:)-([ItemIdentifierType],_)``
///
/// ### Working with subtrees
/// - ``append(_:to:)-(DiffableDataSourceSectionSnapshot<ItemIdentifierType>,_)``
/// - ``insert(_:before:)-(DiffableDataSourceSectionSnapshot<ItemIdentifierType>,_)``
/// - ``insert(_:after:)-(DiffableDataSourceSectionSnapshot<ItemIdentifierType>,_)``
/// - ``snapshot(of:includingParent:)``
/// - ``replace(childrenOf:using:)``
///
/// ### Removing items
/// - ``delete(_:)``
/// - ``deleteAll()``
///
/// ### Expanding and collapsing
/// - ``expand(_:)``
/// - ``collapse(_:)``
/// - ``isExpanded(_:)``
/// - ``isVisible(_:)``
/// - ``expandedItems``
///
/// ### Reading items
/// - ``items``
/// - ``rootItems``
/// - ``visibleItems``
/// - ``contains(_:)``
/// - ``index(of:)``
/// - ``level(of:)``
/// - ``parent(of:)``
///
/// ### Debugging
/// - ``visualDescription()``
/// - ``description``
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    // Node table: slots of deleted items are kept in `freeSlots` for reuse, and the table is
    // compacted when they outnumber the live ones.
    @usableFromInline var nodes: [OutlineNode<ItemIdentifierType>]
    @usableFromInline var freeSlots: [Int32]
    @usableFromInline var slotOfItem: [ItemIdentifierType: Int32]
    // Root of the order tree (see `OutlineNode`); -1 when empty.
    @usableFromInline var root: Int32

    /// Creates an empty section snapshot.
    @inlinable
    public init() {
        nodes = []
        freeSlots = []
        slotOfItem = [:]
        root = -1
    }

    /// Creates a flat section snapshot: the items, in order, as collapsed root items.
    ///
    /// Use it to read a section of a full snapshot back as a section snapshot:
    ///
    /// ```swift
    /// let live = DiffableDataSourceSectionSnapshot(snapshot.itemIdentifiers(inSection: "Live"))
    /// ```
    ///
    /// A full snapshot holds no hierarchy, so the result is flat; to keep an outline across
    /// updates, keep its section snapshot and apply it with
    /// ``DiffableDataSourceSnapshot/replaceItems(inSection:with:)``.
    ///
    /// - Precondition: No identifier appears twice in `items`.
    /// - Complexity: O(*n*) on average.
    @inlinable
    public init(_ items: [ItemIdentifierType]) {
        self.init()
        append(items)
    }

    /// The number of items, at every level. O(1).
    @inlinable
    var count: Int { size(root) }
}
