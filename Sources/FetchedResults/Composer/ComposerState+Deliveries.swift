import DiffableSnapshots

extension ComposerState {
    /// A slot's part of the composed list as a translated update edits it: the composed list,
    /// the slot's sections, and where they start.
    private struct SlotEdit {
        /// The index in the composed list of the slot's first section.
        let start: Int
        var sections: [SectionIdentifierType]
        var composed: Snapshot

        /// Deletes the items the update deletes or moves, read from the composed list, which
        /// still shows the slot's old content. False when a path is not in it.
        mutating func removeLeavingItems(of update: BatchUpdate) -> Bool {
            var leaving: [ItemIdentifierType] = []
            leaving.reserveCapacity(update.itemDeletes.count + update.itemMoves.count)
            for path in update.itemDeletes {
                guard let item = composed.itemIdentifier(at: ItemPath(section: start + path.section, item: path.item)) else { return false }
                leaving.append(item)
            }
            for move in update.itemMoves {
                guard let item = composed.itemIdentifier(at: ItemPath(section: start + move.from.section, item: move.from.item)) else { return false }
                leaving.append(item)
            }
            composed.deleteItems(leaving)
            return true
        }

        /// Deletes the sections the update deletes; hands on their identifiers, whose owner the
        /// slot no longer is.
        mutating func removeDeletedSections(of update: BatchUpdate) -> [SectionIdentifierType] {
            let deleted = update.sectionDeletes.map { sections[$0] }
            for offset in update.sectionDeletes.sorted(by: >) { sections.remove(at: offset) }
            composed.deleteSections(deleted)
            return deleted
        }
    }

    /// A controller slot's delivery: translated into the composed list when it follows the
    /// content shown, otherwise (or when it cannot be translated) composed by diffing the slot.
    mutating func receive<ControllerItem>(_ delivery: FetchedResultsDelivery<ControllerItem>, at index: Int, mapping: SlotMapping<SectionIdentifierType, ItemIdentifierType, String, ControllerItem>) {
        let content = MappedSlotContent(snapshot: delivery.snapshot, generation: delivery.generation, mapping: mapping)
        if slots[index].pending == nil,
           let shown = slots[index].shown as? MappedSlotContent<SectionIdentifierType, ItemIdentifierType, String, ControllerItem>,
           shown.generation + 1 == delivery.generation {
            do {
                if try translate(delivery.batchUpdate, from: shown, to: content, at: index) {
                    retryHeldBack()
                    return
                }
            } catch {
                // Composed below, where the conflict is found again and reported.
            }
        }
        receive(content, at: index)
    }

    /// Applies a controller slot's batch update (from `old`, the content shown, to `new`) to the
    /// composed list: its section indexes moved past the slots before it, its identifiers mapped,
    /// the composed snapshot edited in place. Returns false, changing nothing, when the update
    /// cannot be translated: it moves or reloads sections, or the slot shows or will show its
    /// placeholder.
    ///
    /// - Throws: The conflict, changing nothing, when an inserted section or item is shown by
    ///   another slot (or mapped twice).
    /// - Complexity: O(*u* log *n* + *s*) for an update of *u* operations, plus the items of the
    ///   sections it inserts or deletes.
    mutating func translate<SourceItem>(
        _ update: BatchUpdate,
        from old: MappedSlotContent<SectionIdentifierType, ItemIdentifierType, String, SourceItem>,
        to new: MappedSlotContent<SectionIdentifierType, ItemIdentifierType, String, SourceItem>,
        at index: Int
    ) throws(SlotConflict<SectionIdentifierType, ItemIdentifierType>) -> Bool {
        let state = slots[index]
        guard update.sectionMoves.isEmpty, update.sectionReloads.isEmpty,
              state.placeholder == nil || (!old.isEmpty && !new.isEmpty),
              state.sections.count == old.snapshot.numberOfSections
        else { return false }
        var edit = SlotEdit(start: sectionStart(of: index), sections: state.sections, composed: base)
        guard edit.removeLeavingItems(of: update) else { return false }
        let deletedSections = edit.removeDeletedSections(of: update)
        try insertNewSections(of: update, from: new, into: &edit, at: index)
        guard try placeArrivingItems(of: update, from: new, into: &edit, at: index) else { return false }
        commitTranslation(of: update, to: new, edit, deletedSections: deletedSections, at: index)
        return true
    }

    /// Inserts the sections the update inserts, in order, with all their items; throws when one
    /// of them, or of their items, is shown already.
    private func insertNewSections<SourceItem>(of update: BatchUpdate, from new: MappedSlotContent<SectionIdentifierType, ItemIdentifierType, String, SourceItem>, into edit: inout SlotEdit, at index: Int) throws(SlotConflict<SectionIdentifierType, ItemIdentifierType>) {
        let mapItem = new.mapping.item
        let target = new.snapshot
        for offset in update.sectionInserts.sorted() {
            let name = target.sectionIdentifiers[offset]
            let section = new.mapping.section(name)
            if edit.composed.indexOfSection(section) != nil || (sectionOwner[section].map { $0 != index } ?? false) {
                throw conflict(section: section, at: index)
            }
            let position = edit.start + offset
            if position < edit.composed.numberOfSections {
                edit.composed.insertSections([section], beforeSection: edit.composed.sectionIdentifiers[position])
            } else {
                edit.composed.appendSections([section])
            }
            edit.sections.insert(section, at: offset)
            let items = target.itemIdentifiers(inSection: name).map(mapItem)
            try checkNewItems(items, in: edit.composed, at: index)
            if !items.isEmpty { edit.composed.appendItems(items, toSection: section) }
        }
    }

    /// Inserts the items the update inserts or moves into sections that were there already, in
    /// order of their new paths, run by run of adjacent paths. False when a path is not in the
    /// new content.
    private func placeArrivingItems<SourceItem>(of update: BatchUpdate, from new: MappedSlotContent<SectionIdentifierType, ItemIdentifierType, String, SourceItem>, into edit: inout SlotEdit, at index: Int) throws(SlotConflict<SectionIdentifierType, ItemIdentifierType>) -> Bool {
        let insertedSections = Set(update.sectionInserts)
        var arriving = update.itemInserts.filter { !insertedSections.contains($0.section) }
        for move in update.itemMoves where !insertedSections.contains(move.to.section) { arriving.append(move.to) }
        arriving.sort()
        var runStart = 0
        while runStart < arriving.count {
            var runEnd = runStart + 1
            while runEnd < arriving.count, arriving[runEnd].section == arriving[runStart].section, arriving[runEnd].item == arriving[runEnd - 1].item + 1 {
                runEnd += 1
            }
            guard try placeRun(arriving[runStart..<runEnd], from: new, into: &edit, at: index) else { return false }
            runStart = runEnd
        }
        return true
    }

    /// Inserts one run of adjacent new paths after the item before the first in the new content
    /// (already in place, as every earlier path is), or first in its section. False when a path
    /// is not in the new content.
    private func placeRun<SourceItem>(_ run: ArraySlice<ItemPath>, from new: MappedSlotContent<SectionIdentifierType, ItemIdentifierType, String, SourceItem>, into edit: inout SlotEdit, at index: Int) throws(SlotConflict<SectionIdentifierType, ItemIdentifierType>) -> Bool {
        let mapItem = new.mapping.item
        let target = new.snapshot
        let first = run[run.startIndex]
        var items: [ItemIdentifierType] = []
        items.reserveCapacity(run.count)
        for path in run {
            guard let item = target.itemIdentifier(at: path) else { return false }
            items.append(mapItem(item))
        }
        try checkNewItems(items, in: edit.composed, at: index)
        if first.item > 0 {
            guard let before = target.itemIdentifier(at: ItemPath(section: first.section, item: first.item - 1)) else { return false }
            edit.composed.insertItems(items, afterItem: mapItem(before))
        } else if let next = edit.composed.itemIdentifier(at: ItemPath(section: edit.start + first.section, item: 0)) {
            edit.composed.insertItems(items, beforeItem: next)
        } else {
            edit.composed.appendItems(items, toSection: edit.sections[first.section])
        }
        return true
    }

    /// Makes the edit the slot's state and the composed list: the slot owns its sections and
    /// shows `new`, and the update, its sections moved past the slots before it, is committed
    /// unless it changes nothing.
    private mutating func commitTranslation<SourceItem>(of update: BatchUpdate, to new: MappedSlotContent<SectionIdentifierType, ItemIdentifierType, String, SourceItem>, _ edit: SlotEdit, deletedSections: [SectionIdentifierType], at index: Int) {
        for section in deletedSections { sectionOwner[section] = nil }
        for section in edit.sections { sectionOwner[section] = index }
        slots[index].sections = edit.sections
        slots[index].shown = new
        _checkTranslation(edit.composed, of: index, start: edit.start)
        let composedUpdate = update.offsettingSections(by: edit.start)
        if !composedUpdate.isEmpty {
            translatedCount += 1
            commit(edit.composed, update: composedUpdate, changedSlots: [slots[index].slot])
        }
    }

    /// Throws unless every item is new to `composed` and listed once.
    func checkNewItems(_ items: [ItemIdentifierType], in composed: Snapshot, at index: Int) throws(SlotConflict<SectionIdentifierType, ItemIdentifierType>) {
        for item in items {
            if let section = composed.sectionIdentifier(containingItem: item) {
                throw conflict(item: item, owner: sectionOwner[section] ?? index, at: index)
            }
        }
        if items.count > 1, Set(items).count != items.count {
            var seen = Set<ItemIdentifierType>()
            for item in items where !seen.insert(item).inserted { throw conflict(item: item, owner: index, at: index) }
        }
    }

    /// The conflict of slot `index` showing `section`, which its owner (or the slot itself)
    /// shows already.
    func conflict(section: SectionIdentifierType, at index: Int) -> SlotConflict<SectionIdentifierType, ItemIdentifierType> {
        let owner = sectionOwner[section] ?? index
        return SlotConflict(identifier: owner == index ? .ownMapping : .section(section), error: .duplicateSection(identifier: String(reflecting: section), firstSlot: slots[owner].slot, secondSlot: slots[index].slot))
    }

    /// The conflict of slot `index` showing `item`, which slot `owner` shows already.
    func conflict(item: ItemIdentifierType, owner: Int, at index: Int) -> SlotConflict<SectionIdentifierType, ItemIdentifierType> {
        SlotConflict(identifier: owner == index ? .ownMapping : .item(item), error: .duplicateItem(identifier: String(reflecting: item), firstSlot: slots[owner].slot, secondSlot: slots[index].slot))
    }

    /// Traps unless the slot's sections in `composed` are its content mapped (debug builds).
    func _checkTranslation(_ composed: Snapshot, of index: Int, start: Int) {
        #if DEBUG
        let state = slots[index]
        guard let expected = try? state.shown.region(slot: state.slot) else {
            preconditionFailure("SnapshotComposer: \(state.slot) composed content it cannot map")
        }
        let shown = Array(composed.sectionIdentifiers[start..<(start + state.sections.count)])
        precondition(shown == expected.sectionIdentifiers && shown == state.sections, "SnapshotComposer: \(state.slot) shows sections \(shown), its content has \(expected.sectionIdentifiers)")
        for section in shown {
            precondition(composed.itemIdentifiers(inSection: section) == expected.itemIdentifiers(inSection: section), "SnapshotComposer: \(state.slot) shows other items than its content in section \(section)")
        }
        #endif
    }
}
