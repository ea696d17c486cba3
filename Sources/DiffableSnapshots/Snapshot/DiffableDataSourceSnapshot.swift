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
/// A snapshot is a value: copies share storage until one of them changes. The first change to a
/// copy copies the item index (O(*n*)) and the item arrays of the sections it touches; the other
/// sections stay shared, which is what lets a diff skip them. Every lookup by identifier (``indexOfItem(_:)``,
/// ``sectionIdentifier(containingItem:)``, ``itemIdentifiers(inSection:)``, ``indexOfSection(_:)``)
/// is O(1) on average, from an index the snapshot keeps up to date as it changes. Appending *n*
/// items is O(*n*); inserting, deleting or moving items costs O(*k*) in the size *k* of the
/// sections they touch.
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
    // keys never change while a section lives, so the item index survives section reordering.
    @usableFromInline var sections: [SectionIdentifierType]
    @usableFromInline var sectionKeys: [UInt32]
    @usableFromInline var sectionItems: [[ItemIdentifierType]]
    // `sectionStarts[p]` is the index, in the whole snapshot, of the first item of section `p`;
    // the last element is the number of items.
    @usableFromInline var sectionStarts: [Int]
    // Key -> position; -1 for a freed key. Freed keys are reused.
    @usableFromInline var positionOfKey: [Int32]
    @usableFromInline var freeKeys: [UInt32]
    @usableFromInline var sectionKeyByIdentifier: [SectionIdentifierType: UInt32]
    @usableFromInline var itemLocations: ItemTable<ItemIdentifierType>
    @usableFromInline var reloadedSections: Set<SectionIdentifierType>
    @usableFromInline var reloadedItems: Set<ItemIdentifierType>
    @usableFromInline var reconfiguredItems: Set<ItemIdentifierType>

    /// Creates an empty snapshot, with no sections and no items.
    @inlinable
    public init() {
        sections = []
        sectionKeys = []
        sectionItems = []
        sectionStarts = [0]
        positionOfKey = []
        freeKeys = []
        sectionKeyByIdentifier = [:]
        itemLocations = ItemTable()
        reloadedSections = []
        reloadedItems = []
        reconfiguredItems = []
    }
}

/// Where an item lives: the key of its section and its offset within the section.
@usableFromInline
struct ItemLocation: Sendable {
    @usableFromInline var sectionKey: UInt32
    @usableFromInline var offset: UInt32

    @inlinable
    init(sectionKey: UInt32, offset: Int) {
        self.sectionKey = sectionKey
        self.offset = UInt32(truncatingIfNeeded: offset)
    }
}
