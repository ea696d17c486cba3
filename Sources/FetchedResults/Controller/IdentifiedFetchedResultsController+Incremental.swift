import DiffableSnapshots
import ObjectStore

extension IdentifiedFetchedResultsController {
    /// The objects of one change, sorted before any is applied: the entries that leave the
    /// results or their place, those that enter or take a new place, and the step that will
    /// report them.
    private struct IncrementalChange {
        /// An entry in the results, with its section name and path.
        typealias Located = (entry: ResultEntry<ItemIdentifierType>, section: String, path: ItemPath)
        /// An entry to place, with its section name and, when it moves, its old path.
        typealias Arrival = (entry: ResultEntry<ItemIdentifierType>, section: String, oldPath: ItemPath?)

        var removals: [Located] = []
        var insertions: [Arrival] = []
        var step = ResultsStep<ItemIdentifierType>()

        /// Sorts one object by where it was and where it belongs now: it leaves, enters, moves
        /// (out, and back in with its old path), or stays and is reported updated when marked.
        mutating func note(_ id: ObjectID, from old: Located?, to new: (entry: ResultEntry<ItemIdentifierType>, section: String)?, marking: Set<ObjectID>, _ compiled: CompiledFetchRequest<ResultType>) {
            switch (old, new) {
            case (nil, nil):
                return
            case (nil, let new?):
                insertions.append((new.entry, new.section, nil))
            case (let old?, nil):
                removals.append(old)
                step.deletes.append(.init(objectID: id, itemIdentifier: old.entry.itemIdentifier, oldPath: old.path))
            case (let old?, let new?):
                if old.entry.itemIdentifier != new.entry.itemIdentifier {
                    removals.append(old)
                    step.deletes.append(.init(objectID: id, itemIdentifier: old.entry.itemIdentifier, oldPath: old.path))
                    insertions.append((new.entry, new.section, nil))
                } else if old.section != new.section || !compiled.sameSortValues(old.entry.sortKey, new.entry.sortKey) {
                    removals.append(old)
                    insertions.append((new.entry, new.section, old.path))
                    if marking.contains(id) { step.marked.append(old.entry.itemIdentifier) }
                } else if marking.contains(id) {
                    step.updates.append(.init(objectID: id, itemIdentifier: old.entry.itemIdentifier, oldPath: old.path))
                    step.marked.append(old.entry.itemIdentifier)
                }
            }
        }
    }

    /// Applies the changes of the objects `ids` one by one: each leaves, enters, moves or stays.
    ///
    /// - Parameters:
    ///   - gone: Deleted objects the context let go: they leave without being loaded (loading
    ///     would only put a placeholder for a missing row back into the context).
    ///   - onlyMarks: Whether the objects cannot have entered, left or moved (the event cannot
    ///     change the results), so that only marks of objects in the results apply.
    ///   - unmoved: Objects (not among `ids`) whose change cannot move them: those in the results
    ///     are marked where they are, without being evaluated again.
    /// - Complexity: O(*k* log *n*) comparisons for *k* objects, the snapshot edits (O(log *n*)
    ///   each) and the batch update built from the step (O(*k* log *k*)).
    func applyIncremental(_ ids: [ObjectID], marking: Set<ObjectID>, gone: Set<ObjectID> = [], _ compiled: CompiledFetchRequest<ResultType>, onlyMarks: Bool, unmoved: Set<ObjectID> = []) throws(FetchedResultsError) {
        if onlyMarks || ids.isEmpty {
            deliverMarks(of: ids + unmoved, marking: marking)
            return
        }
        let context = managedObjectContext
        // Each object's place is looked up once, before anything moves.
        let olds = ids.map(location(of:))
        context.loadObjects(zip(ids, olds).compactMap { id, old in !gone.contains(id) && (old != nil || !context.hasLoadedObject(with: id)) ? id : nil })
        var change = IncrementalChange()
        for (id, old) in zip(ids, olds) {
            let new = gone.contains(id) ? nil : try entry(of: id, compiled, in: context)
            change.note(id, from: old, to: new, marking: marking, compiled)
        }
        for id in unmoved where marking.contains(id) {
            guard let old = location(of: id) else { continue }
            change.note(id, from: old, to: (old.entry, old.section), marking: marking, compiled)
        }
        if case .attribute = identity {
            try checkIdentifiers(removing: change.removals.map(\.entry), inserting: change.insertions.map(\.entry), compiled)
        }
        let oldSections = results.sections.map(\.name)
        move(&change, compiled)
        if case .attribute = identity {
            updateIdentifierMaps(change)
        }
        editBase(removing: change.removals.map(\.entry.itemIdentifier), oldSections: oldSections, placements: change.step.placements)
        let updatedNewPaths = change.step.updates.map { path(ofItem: $0.itemIdentifier)! }
        finish(change.step, oldSections: oldSections, sequenceNumber: position, alwaysDeliver: false, updatedNewPaths: updatedNewPaths)
    }

    /// Delivers the marks of the marked objects among `ids` that are in the results, each at the
    /// path it keeps.
    private func deliverMarks(of ids: [ObjectID], marking: Set<ObjectID>) {
        var step = ResultsStep<ItemIdentifierType>()
        for id in ids where marking.contains(id) {
            guard let (item, path) = itemAndPath(of: id) else { continue }
            step.updates.append(.init(objectID: id, itemIdentifier: item, oldPath: path))
            step.marked.append(item)
        }
        let names = results.sections.map(\.name)
        finish(step, oldSections: names, sequenceNumber: position, alwaysDeliver: false, updatedNewPaths: step.updates.map(\.oldPath))
    }

    /// Where the object's entry is in the results, or nil when it is not there.
    private func location(of id: ObjectID) -> IncrementalChange.Located? {
        guard let path = itemAndPath(of: id)?.path else { return nil }
        return (results[path], results.sections[path.section].name, path)
    }

    /// The entry and section name the object has now (it is loaded), or nil when the request
    /// does not include it.
    private func entry(of id: ObjectID, _ compiled: CompiledFetchRequest<ResultType>, in context: ManagedObjectContext) throws(FetchedResultsError) -> (entry: ResultEntry<ItemIdentifierType>, section: String)? {
        let object = unsafeDowncast(context.object(with: id), to: ResultType.self)
        let included: Bool
        do {
            included = try compiled.includes(object)
        } catch {
            throw .wrapping(error)
        }
        guard included else { return nil }
        let key = compiled.sortKey(of: object)
        let name = compiled.sectionNameKeyPath == nil ? "" : Self.sectionName(compiled.sectionValue(ofSortKey: key, in: context))
        return (ResultEntry(sortKey: key, itemIdentifier: identity.identifier(of: object)), name)
    }

    /// Takes the leaving entries out of the results and puts the arriving ones in by their sort
    /// keys; hands on each arriving entry's new path as a placement of the step.
    ///
    /// Leaving entries go from the last old path to the first, so that each path still holds
    /// when its turn comes (no search). Arriving ones go in the results' order, so that the place
    /// each takes is its final path: every later one lands after it, in its section or in a
    /// section after it.
    private func move(_ change: inout IncrementalChange, _ compiled: CompiledFetchRequest<ResultType>) {
        let order = compiled.sortOrder
        // Sorted as indexes over plain paths and keys: sorting the generic tuples themselves
        // costs more than the comparisons.
        let oldPaths = change.removals.map(\.path)
        for index in oldPaths.indices.sorted(by: { oldPaths[$0] > oldPaths[$1] }) {
            let removal = change.removals[index]
            precondition(results[removal.path].objectID == removal.entry.objectID, "The object \(removal.entry.objectID) is not at its path \(removal.path) in the results.")
            results.remove(at: removal.path)
        }
        let keys = change.insertions.map(\.entry.sortKey)
        for index in keys.indices.sorted(by: { order.compare(keys[$0], keys[$1]) == .orderedAscending }) {
            let insertion = change.insertions[index]
            let newPath = results.insert(insertion.entry, sectionName: insertion.section, order: order)
            change.step.placements.append(.init(objectID: insertion.entry.objectID, itemIdentifier: insertion.entry.itemIdentifier, oldPath: insertion.oldPath, newPath: newPath))
        }
    }

    /// Forgets the attribute identifiers of the entries that left and records those of the
    /// entries that arrived.
    private func updateIdentifierMaps(_ change: IncrementalChange) {
        for removal in change.removals {
            itemByObject[removal.entry.objectID] = nil
            objectByItem[removal.entry.itemIdentifier] = nil
        }
        for insertion in change.insertions {
            itemByObject[insertion.entry.objectID] = insertion.entry.itemIdentifier
            objectByItem[insertion.entry.itemIdentifier] = insertion.entry.objectID
        }
    }

    /// Throws when an identifier entering the results is already another object's.
    private func checkIdentifiers(removing: [ResultEntry<ItemIdentifierType>], inserting: [ResultEntry<ItemIdentifierType>], _ compiled: CompiledFetchRequest<ResultType>) throws(FetchedResultsError) {
        let leaving = Set(removing.map(\.objectID))
        var entering: [ItemIdentifierType: ObjectID] = [:]
        for entry in inserting {
            let clash = entering.updateValue(entry.objectID, forKey: entry.itemIdentifier)
                ?? objectByItem[entry.itemIdentifier].flatMap { $0 != entry.objectID && !leaving.contains($0) ? $0 : nil }
            if let other = clash {
                throw .duplicateItemIdentifier(entity: compiled.entity.name, key: itemKeyName(compiled), value: "\(entry.itemIdentifier)", first: other, second: entry.objectID)
            }
        }
    }

    /// Brings `base` in line with `results` after items were removed and placed.
    private func editBase(removing: [ItemIdentifierType], oldSections: [String], placements: [ResultsStep<ItemIdentifierType>.Placement]) {
        if !removing.isEmpty { base.deleteItems(removing) }
        let gone = oldSections.filter { results.sectionIndex(named: $0) == nil }
        if !gone.isEmpty { base.deleteSections(gone) }
        let names = results.sections.map(\.name)
        if names.count != base.numberOfSections {
            for (index, name) in names.enumerated() where base.indexOfSection(name) == nil {
                if index > 0 {
                    base.insertSections([name], afterSection: names[index - 1])
                } else if let first = base.sectionIdentifiers.first {
                    base.insertSections([name], beforeSection: first)
                } else {
                    base.appendSections([name])
                }
            }
        }
        insertRuns(of: placements)
    }

    /// Inserts the placed items into `base`, one call per run of adjacent new paths in a section:
    /// from the last run to the first, so that the item after each run is already in place.
    private func insertRuns(of placements: [ResultsStep<ItemIdentifierType>.Placement]) {
        let paths = placements.map(\.newPath).sorted()
        var end = paths.count
        while end > 0 {
            var start = end - 1
            while start > 0, paths[start - 1].section == paths[start].section, paths[start - 1].item + 1 == paths[start].item { start -= 1 }
            let section = results.sections[paths[start].section]
            let items = (paths[start].item...paths[end - 1].item).map { section.entries[$0].itemIdentifier }
            let after = paths[end - 1].item + 1
            if after < section.entries.count {
                base.insertItems(items, beforeItem: section.entries[after].itemIdentifier)
            } else {
                base.appendItems(items, toSection: section.name)
            }
            end = start
        }
    }
}
