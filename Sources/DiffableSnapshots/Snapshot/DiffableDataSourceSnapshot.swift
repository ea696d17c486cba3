/// The state of a list at one moment: ordered sections, each holding ordered items, all named by
/// unique identifiers.
///
/// `DiffableDataSourceSnapshot` has the members and argument labels of Apple's
/// `NSDiffableDataSourceSnapshot`, so code written against Apple's type ports by changing the
/// import. Unlike Apple's, it is typed end to end and runs wherever Swift runs.
///
/// ```swift
/// var snapshot = DiffableDataSourceSnapshot<String, UUID>()
/// snapshot.appendSections(["Live", "Upcoming"])
/// snapshot.appendItems(liveMatchIDs, toSection: "Live")
/// snapshot.appendItems(upcomingMatchIDs)  // to the last section
/// snapshot.reconfigureItems([editedMatchID])
/// ```
///
/// ### Identity
/// Section identifiers are unique among sections and item identifiers among items. Appending or
/// inserting an identifier that is already present, or naming a section or anchor item that is
/// not present, is a programmer error: it traps with a message that names the identifier, as
/// Apple's snapshot does. Deleting identifiers that are not present does nothing.
///
/// ### Performance
/// A snapshot is a value, and copying one is O(1): its items live in persistent trees of small
/// chunks that copies share. Changing one item of a copy (deleting, inserting or moving it, even
/// across sections) costs O(log *n*): the chunk that holds it and the few nodes above it are
/// copied, everything else stays shared, and a diff between the two snapshots skips the shared
/// parts. Every lookup by identifier (``indexOfItem(_:)``,
/// ``sectionIdentifier(containingItem:)``, ``indexOfSection(_:)``) is O(1) or O(log *n*) on
/// average. Appending an array to an empty section keeps the array itself (no copy), so building a
/// snapshot costs about as much as hashing its items once, and ``itemIdentifiers(inSection:)``
/// returns that array in O(1) until the section changes (O(*k*) for a section of *k* items after).
/// <doc:SnapshotStorage> lists the cost of every operation.
///
/// ## Topics
///
/// ### Creating a snapshot
/// - ``init()``
///
/// ### Reading sections and items
/// - ``numberOfSections``
/// - ``numberOfItems``
/// - ``sectionIdentifiers``
/// - ``itemIdentifiers``
/// - ``numberOfItems(inSection:)``
/// - ``itemIdentifiers(inSection:)``
/// - ``sectionIdentifier(containingItem:)``
/// - ``indexOfItem(_:)``
/// - ``indexOfSection(_:)``
/// - ``itemIdentifier(at:)``
/// - ``itemPath(of:)``
///
/// ### Changing items
/// - ``appendItems(_:toSection:)``
/// - ``insertItems(_:beforeItem:)``
/// - ``insertItems(_:afterItem:)``
/// - ``deleteItems(_:)``
/// - ``deleteAllItems()``
/// - ``moveItem(_:beforeItem:)``
/// - ``moveItem(_:afterItem:)``
///
/// ### Changing sections
/// - ``appendSections(_:)``
/// - ``insertSections(_:beforeSection:)``
/// - ``insertSections(_:afterSection:)``
/// - ``deleteSections(_:)``
/// - ``moveSection(_:beforeSection:)``
/// - ``moveSection(_:afterSection:)``
///
/// ### Marking content as changed
/// - ``reloadItems(_:)``
/// - ``reconfigureItems(_:)``
/// - ``reloadSections(_:)``
/// - ``reloadedItemIdentifiers``
/// - ``reconfiguredItemIdentifiers``
/// - ``reloadedSectionIdentifiers``
public struct DiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable & Sendable,
    ItemIdentifierType: Hashable & Sendable
>: Sendable {
    // Sections by position. `sectionKeys[p]` is the internal key of the section at position `p`:
    // keys never change while a section lives, so the items (stored by key) survive section
    // reordering.
    @usableFromInline var sections: [SectionIdentifierType]
    @usableFromInline var sectionKeys: [UInt32]
    // Key -> position; -1 for a freed key. Freed keys are reused.
    @usableFromInline var positionOfKey: [Int32]
    @usableFromInline var freeKeys: [UInt32]
    @usableFromInline var sectionKeyByIdentifier: [SectionIdentifierType: UInt32]
    // The items of every section (by key) and their index.
    @usableFromInline var storage: ItemStorage<ItemIdentifierType>
    // The number of items before each section, by position.
    @usableFromInline var sectionOffsets: SectionOffsets
    @usableFromInline var reloadedSections: Set<SectionIdentifierType>
    @usableFromInline var reloadedItems: Set<ItemIdentifierType>
    @usableFromInline var reconfiguredItems: Set<ItemIdentifierType>

    /// Creates an empty snapshot, with no sections and no items.
    @inlinable
    public init() {
        sections = []
        sectionKeys = []
        positionOfKey = []
        freeKeys = []
        sectionKeyByIdentifier = [:]
        storage = ItemStorage()
        sectionOffsets = SectionOffsets()
        reloadedSections = []
        reloadedItems = []
        reconfiguredItems = []
    }
}
