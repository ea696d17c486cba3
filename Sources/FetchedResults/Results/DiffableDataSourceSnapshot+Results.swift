import DiffableSnapshots
import ObjectStore

extension DiffableDataSourceSnapshot where SectionIdentifierType == String {
    /// Brings this snapshot, which mirrored `results` before a step, in line with them after
    /// the step removed the items `removing`, dropped sections of `oldSections` and made
    /// `placements`.
    ///
    /// Specialised for `ObjectID` items (a ``FetchedResultsController``'s): the controller's own
    /// code is generic over its entity type too, so without it every snapshot edit it makes runs
    /// unspecialised, looking up generic metadata at run time.
    @_specialize(exported: false, where ItemIdentifierType == ObjectID)
    mutating func follow(_ results: OrderedResults<ItemIdentifierType>, removing: [ItemIdentifierType], oldSections: [String], placements: [ResultsStep<ItemIdentifierType>.Placement]) {
        if !removing.isEmpty { deleteItems(removing) }
        let gone = oldSections.filter { results.sectionIndex(named: $0) == nil }
        if !gone.isEmpty { deleteSections(gone) }
        let names = results.sections.map(\.name)
        if names.count != numberOfSections {
            for (index, name) in names.enumerated() where indexOfSection(name) == nil {
                if index > 0 {
                    insertSections([name], afterSection: names[index - 1])
                } else if let first = sectionIdentifiers.first {
                    insertSections([name], beforeSection: first)
                } else {
                    appendSections([name])
                }
            }
        }
        insertRuns(of: placements, from: results)
    }

    /// Inserts the placed items, one call per run of adjacent new paths in a section: from the
    /// last run to the first, so that the item after each run is already in place.
    private mutating func insertRuns(of placements: [ResultsStep<ItemIdentifierType>.Placement], from results: OrderedResults<ItemIdentifierType>) {
        let paths = placements.map(\.newPath).sorted()
        var end = paths.count
        while end > 0 {
            var start = end - 1
            while start > 0, paths[start - 1].section == paths[start].section, paths[start - 1].item + 1 == paths[start].item { start -= 1 }
            let entries = results.sections[paths[start].section].entries
            let items = (paths[start].item...paths[end - 1].item).map { entries.itemIdentifier(at: $0) }
            let after = paths[end - 1].item + 1
            if after < entries.count {
                insertItems(items, beforeItem: entries.itemIdentifier(at: after))
            } else {
                appendItems(items, toSection: results.sections[paths[start].section].name)
            }
            end = start
        }
    }

    /// Marks `items` for reconfiguring or reloading, as `marking` says.
    @_specialize(exported: false, where ItemIdentifierType == ObjectID)
    mutating func mark(_ items: [ItemIdentifierType], _ marking: FetchedResultsUpdateMarking) {
        guard !items.isEmpty else { return }
        switch marking {
        case .reconfigure: reconfigureItems(items)
        case .reload: reloadItems(items)
        case .none: break
        }
    }

    /// Where each of `items` is in `results` (which this snapshot mirrors): its entry, section
    /// name and path; nil for an item that is nil or not there.
    ///
    /// Specialised for `ObjectID` items, as ``follow(_:removing:oldSections:placements:)``.
    @_specialize(exported: false, where ItemIdentifierType == ObjectID)
    func locations(of items: [ItemIdentifierType?], in results: OrderedResults<ItemIdentifierType>) -> [(entry: ResultEntry<ItemIdentifierType>, section: String, path: ItemPath)?] {
        items.map { item in
            guard let item, let (section, index) = indexPath(ofItem: item) else { return nil }
            let path = ItemPath(section: section, item: index)
            return (results[path], results.sections[section].name, path)
        }
    }
}
