import DiffableSnapshots

extension ComposerState {
    /// Replaces a slot's sections in the composed list with `content` (its placeholder when it
    /// is empty), by diffing the slot's sections only, and composes the step unless nothing
    /// changed.
    ///
    /// - Throws: The conflict, when `content` maps to a section or item another slot shows (or
    ///   to one identifier twice); nothing is changed then.
    /// - Complexity: O(*k*) for the *k* items of the slot, old and new, plus the section edits.
    mutating func replaceRegion(of index: Int, with content: Content) throws(SlotConflict<SectionIdentifierType, ItemIdentifierType>) {
        let state = slots[index]
        let newRegion = try region(of: content, at: index)
        let start = sectionStart(of: index)
        var oldRegion = Snapshot()
        oldRegion.appendSections(state.sections)
        for section in state.sections {
            let items = base.itemIdentifiers(inSection: section)
            if !items.isEmpty { oldRegion.appendItems(items, toSection: section) }
        }
        let update = BatchUpdate(from: oldRegion, to: newRegion).offsettingSections(by: start)
        slots[index].shown = content
        guard !update.isEmpty else { return }

        var new = base
        new.deleteSections(state.sections)
        let sections = newRegion.sectionIdentifiers
        if !sections.isEmpty {
            if start < new.numberOfSections {
                new.insertSections(sections, beforeSection: new.sectionIdentifiers[start])
            } else {
                new.appendSections(sections)
            }
            for section in sections {
                let items = newRegion.itemIdentifiers(inSection: section)
                if !items.isEmpty { new.appendItems(items, toSection: section) }
            }
        }
        for section in state.sections { sectionOwner[section] = nil }
        for section in sections { sectionOwner[section] = index }
        slots[index].sections = sections
        diffedCount += 1
        commit(new, update: update, changedSlots: [state.slot])
    }

    /// A slot's part of the composed list for `content`, checked against the other slots.
    func region(of content: Content, at index: Int) throws(SlotConflict<SectionIdentifierType, ItemIdentifierType>) -> Snapshot {
        let state = slots[index]
        var region = Snapshot()
        if content.isEmpty {
            if let placeholder = state.placeholder { region.appendSections([placeholder]) }
        } else {
            do {
                region = try content.region(slot: state.slot)
            } catch {
                throw SlotConflict(identifier: .ownMapping, error: error)
            }
        }
        for section in region.sectionIdentifiers {
            try checkSection(section, for: index)
        }
        for item in region.itemIdentifiers {
            try checkItem(item, for: index)
        }
        return region
    }

    /// Throws unless `section` is free for slot `index` (not shown, or shown by that slot).
    func checkSection(_ section: SectionIdentifierType, for index: Int) throws(SlotConflict<SectionIdentifierType, ItemIdentifierType>) {
        guard let owner = sectionOwner[section], owner != index else { return }
        throw conflict(section: section, at: index)
    }

    /// Throws unless `item` is free for slot `index` (not shown, or shown by that slot).
    func checkItem(_ item: ItemIdentifierType, for index: Int) throws(SlotConflict<SectionIdentifierType, ItemIdentifierType>) {
        guard let section = base.sectionIdentifier(containingItem: item), let owner = sectionOwner[section], owner != index else { return }
        throw conflict(item: item, owner: owner, at: index)
    }
}
