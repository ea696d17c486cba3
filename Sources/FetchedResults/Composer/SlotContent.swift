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

extension DiffableDataSourceSnapshot {
    /// A region built section by section from mapped identifiers, checking that they stay
    /// unique, with the marks given (those of items that are in it).
    static func region<SourceSection, SourceItem>(
        from source: DiffableDataSourceSnapshot<SourceSection, SourceItem>,
        slot: ComposerSlot,
        marks: CarriedMarks<SourceItem>,
        section mapSection: (SourceSection) -> SectionIdentifierType,
        item mapItem: (SourceItem) -> ItemIdentifierType
    ) throws(SnapshotComposerError) -> Self {
        var region = Self()
        for sourceSection in source.sectionIdentifiers {
            let section = mapSection(sourceSection)
            guard region.indexOfSection(section) == nil else {
                throw .duplicateSection(identifier: String(reflecting: section), firstSlot: slot, secondSlot: slot)
            }
            region.appendSections([section])
            let items = source.itemIdentifiers(inSection: sourceSection).map(mapItem)
            var seen = Set<ItemIdentifierType>(minimumCapacity: items.count)
            for item in items where !seen.insert(item).inserted || region.indexOfItem(item) != nil {
                throw .duplicateItem(identifier: String(reflecting: item), firstSlot: slot, secondSlot: slot)
            }
            region.appendItems(items, toSection: section)
        }
        let reloads = marks.reloaded.map(mapItem).filter { region.indexOfItem($0) != nil }
        if !reloads.isEmpty { region.reloadItems(reloads) }
        let reconfigures = marks.reconfigured.map(mapItem).filter { region.indexOfItem($0) != nil }
        if !reconfigures.isEmpty { region.reconfigureItems(reconfigures) }
        return region
    }
}
