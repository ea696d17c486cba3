import DiffableSnapshots
import ListDataSources

extension WebListView {
    /// Every cell and header `update` needs, made before anything changes: those of inserted
    /// items, of reloaded and reconfigured ones, and of inserted and reloaded sections whole.
    func freshCells(for update: ListViewUpdate<WebListView>) throws -> Fresh {
        let batch = update.batchUpdate
        let new = update.newSnapshot
        let content = update.content
        var fresh = Fresh()
        let reloadedSections = batch.sectionReloads.compactMap { new.indexOfSection(update.oldSnapshot.sectionIdentifiers[$0]) }
        for index in batch.sectionInserts + reloadedSections {
            let section = new.sectionIdentifiers[index]
            fresh.headers[section] = try header(of: section, at: index, in: content)
            for position in 0..<new.numberOfItems(inSection: section) {
                let path = ItemPath(section: index, item: position)
                fresh.cells[content.itemIdentifier(at: path)] = try content.cell(at: path)
            }
        }
        let reloadedItems = batch.itemReloads.compactMap { new.itemPath(of: update.oldItemIdentifier(at: $0)) }
        for path in batch.itemInserts + reloadedItems + batch.itemReconfigures {
            fresh.cells[content.itemIdentifier(at: path)] = try content.cell(at: path)
        }
        return fresh
    }

    /// The items `update` takes out of the list: deleted ones, and those of deleted and reloaded
    /// sections that the new snapshot does not hold.
    func removedItems(by update: ListViewUpdate<WebListView>) -> [ItemIdentifierType] {
        let old = update.oldSnapshot
        let new = update.newSnapshot
        var candidates = update.batchUpdate.itemDeletes.map { update.oldItemIdentifier(at: $0) }
        for index in update.batchUpdate.sectionDeletes + update.batchUpdate.sectionReloads {
            candidates += old.itemIdentifiers(inSection: old.sectionIdentifiers[index])
        }
        return candidates.filter { new.itemPath(of: $0) == nil }
    }

    /// The header of `section`, at `index` of `content`'s snapshot: the supplementary view of
    /// kind ``headerKind``, or the section's identifier as text.
    func header(of section: SectionIdentifierType, at index: Int, in content: ListViewContent<WebListView>) throws -> WebCell {
        try content.supplementary(ofKind: Self.headerKind, at: ItemPath(section: index, item: 0)) ?? WebCell(fields: [String(describing: section)])
    }
}
