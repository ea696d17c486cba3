import DiffableSnapshots

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
