import DiffableSnapshots

/// What one slot holds, as its source last gave it: a controller's delivered snapshot with the
/// slot's mappings, or a snapshot already in the composer's identifiers.
protocol SlotContent<SectionIdentifierType, ItemIdentifierType>: Sendable {
    associatedtype SectionIdentifierType: Hashable & Sendable
    associatedtype ItemIdentifierType: Hashable & Sendable

    /// The generation of the controller delivery the content comes from (0 for other sources).
    var generation: Int { get }

    /// Whether the content has no item (the slot then shows its placeholder, or nothing).
    var isEmpty: Bool { get }

    /// The content in the composer's identifiers, with the source's reload and reconfigure marks
    /// (those of every change not composed yet): the slot's part of the composed list.
    ///
    /// - Throws: ``SnapshotComposerError/duplicateSection(identifier:firstSlot:secondSlot:)`` or
    ///   ``SnapshotComposerError/duplicateItem(identifier:firstSlot:secondSlot:)`` naming `slot`
    ///   twice, when the mapping gives two sections or two items one identifier.
    /// - Complexity: O(*k*) for *k* items.
    func region(slot: ComposerSlot) throws(SnapshotComposerError) -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// The same content carrying, besides its own marks, those of `older`: content that was
    /// received but never composed (held back), whose changes still need showing.
    func carryingMarks(of older: any SlotContent<SectionIdentifierType, ItemIdentifierType>) -> Self
}
