import DiffableSnapshots
import DiffableSupport
import ObjectStore

extension IdentifiedFetchedResultsController {
    /// Applies one event of the context's change stream (on the context's queue).
    func follow(_ event: ChangeEvent) {
        guard let compiled, event.sequenceNumber > position else { return }
        position = event.sequenceNumber
        do {
            try apply(event, compiled)
        } catch {
            lastError = error
            delegate?.controller(self, didFailWith: error)
        }
    }

    /// Finds what `event` changes in the results, and applies it incrementally, or by re-reading
    /// the results' keys when the change reaches them through relationships, a limit or offset,
    /// or a reset.
    private func apply(_ event: ChangeEvent, _ compiled: CompiledFetchRequest<ResultType>) throws(FetchedResultsError) {
        if event.kind == .reset {
            try refetch(compiled, marking: [])
            return
        }
        let source = compiled.valueSource
        if source == .committed && !event.isSaved { return }
        // A context's own save changes nothing it showed already, when it shows pending changes.
        let ownSave = source == .current && event.kind == .save
        let entity = compiled.entity
        let selfRelated = relatedEntities.contains(entity.index)
        var listed: Set<ObjectID> = []
        var marking: Set<ObjectID> = []
        var reachesRelated = false
        // Related objects that changed in place, by the relationship that reaches them directly.
        var relatedChanges: [String: Set<ObjectID>] = [:]
        for id in event.refreshedObjectIDs.union(event.invalidatedObjectIDs) {
            if id.entity === entity {
                listed.insert(id)
                if event.refreshedObjectIDs.contains(id) { marking.insert(id) }
                if selfRelated { reachesRelated = true }
            } else if relatedEntities.contains(id.entity.index) {
                if let relationship = directRelationships[id.entity.index], event.refreshedObjectIDs.contains(id) {
                    relatedChanges[relationship, default: []].insert(id)
                } else {
                    reachesRelated = true
                }
            }
        }
        if !ownSave {
            for id in event.insertedObjectIDs where id.entity === entity { listed.insert(id) }
            for id in event.deletedObjectIDs {
                if id.entity === entity { listed.insert(id) }
                if id.entity !== entity || selfRelated, relatedEntities.contains(id.entity.index) { reachesRelated = true }
            }
            for id in event.updatedObjectIDs {
                let keys = event.changedKeys[id] ?? []
                if id.entity === entity {
                    listed.insert(id)
                    if markedKeys.map({ !$0.isDisjoint(with: keys) }) ?? true { marking.insert(id) }
                }
                if relatedEntities.contains(id.entity.index) && compiled.reads(keys, of: id.entity) {
                    if id.entity !== entity, let relationship = directRelationships[id.entity.index] {
                        relatedChanges[relationship, default: []].insert(id)
                    } else {
                        reachesRelated = true
                    }
                }
            }
        }
        guard !listed.isEmpty || reachesRelated || !relatedChanges.isEmpty else { return }
        if reachesRelated || compiled.isWindowed {
            if !reachesRelated && !compiled.canChangeResults(event) && !listed.contains(where: { currentItem(of: $0) != nil }) {
                try applyIncremental(Array(listed), marking: marking, compiled, onlyMarks: true)
                return
            }
            try refetch(compiled, marking: marking)
            return
        }
        // Objects that read a changed related object are evaluated again like changed ones (not
        // marked: they did not change).
        for (relationship, related) in relatedChanges {
            listed.formUnion(try objects(reaching: related, through: relationship, compiled))
        }
        let gone = event.deletedObjectIDs.union(event.invalidatedObjectIDs).subtracting(event.insertedObjectIDs)
            .filter { managedObjectContext.registeredObject(with: $0) == nil }
        try applyIncremental(Array(listed), marking: marking, gone: gone, compiled, onlyMarks: false)
    }

    /// The objects of the fetched entity whose to-one `relationship` is one of `related`, as the
    /// request reads them (unsaved changes included or not): one query on the relationship's
    /// indexed column, O(*m* log *n*) for *m* objects.
    private func objects(reaching related: Set<ObjectID>, through relationship: String, _ compiled: CompiledFetchRequest<ResultType>) throws(FetchedResultsError) -> [ObjectID] {
        var request = FetchRequest<ResultType>()
        request.includesPendingChanges = compiled.request.includesPendingChanges
        do {
            request.predicate = try FetchPredicate(format: "%K IN %@", argumentArray: [relationship, Array(related)])
            return try managedObjectContext.fetchObjectIDs(request)
        } catch let error as ObjectStoreError {
            throw .wrapping(error)
        } catch {
            preconditionFailure("The query of the objects reaching \(relationship) is malformed: \(clause("\(error)")).")
        }
    }

    /// Re-reads the results' keys and delivers the difference.
    private func refetch(_ compiled: CompiledFetchRequest<ResultType>, marking: Set<ObjectID>) throws(FetchedResultsError) {
        let fetched = try fetchResults(compiled)
        replaceResults(with: fetched, marking: marking, alwaysDeliver: false, classic: true)
    }

    /// The item identifier of an object in the results, or nil when it is not there.
    func currentItem(of objectID: ObjectID) -> ItemIdentifierType? {
        switch identity {
        case .objectID:
            let item = objectID as! ItemIdentifierType
            return base.indexOfItem(item) == nil ? nil : item
        case .attribute:
            return itemByObject[objectID]
        }
    }

    /// The path of an item in the results.
    ///
    /// - Complexity: one snapshot lookup, plus O(sections) to turn its index into a path.
    func path(ofItem item: ItemIdentifierType) -> ItemPath? {
        guard let name = base.sectionIdentifier(containingItem: item), let index = base.indexOfItem(item), let section = results.sectionIndex(named: name) else { return nil }
        var start = 0
        for earlier in results.sections[..<section] { start += earlier.entries.count }
        return ItemPath(section: section, item: index - start)
    }

    /// Applies the changes of the objects `ids` one by one: each leaves, enters, moves or stays.
    ///
    /// - Parameters:
    ///   - gone: Deleted objects the context let go: they leave without being loaded (loading
    ///     would only put a placeholder for a missing row back into the context).
    ///   - onlyMarks: Whether the objects cannot have entered, left or moved (the event cannot
    ///     change the results), so that only marks of objects in the results apply.
    /// - Complexity: O(*k* log *n*) comparisons for *k* objects, the snapshot edits (O(log *n*)
    ///   each) and the batch update built from the step (O(*k* log *k*)).
    private func applyIncremental(_ ids: [ObjectID], marking: Set<ObjectID>, gone: Set<ObjectID> = [], _ compiled: CompiledFetchRequest<ResultType>, onlyMarks: Bool) throws(FetchedResultsError) {
        let context = managedObjectContext
        let ordering = { (lhs: FetchSortKey, rhs: FetchSortKey) in compiled.compare(lhs, rhs) }
        var step = ResultsStep<ItemIdentifierType>()
        if onlyMarks {
            for id in ids where marking.contains(id) {
                guard let item = currentItem(of: id), let path = path(ofItem: item) else { continue }
                step.updates.append(.init(objectID: id, itemIdentifier: item, oldPath: path))
                step.marked.append(item)
            }
            let names = results.sections.map(\.name)
            finish(step, oldSections: names, sequenceNumber: position, alwaysDeliver: false, updatedNewPaths: step.updates.map(\.oldPath))
            return
        }
        context.loadObjects(ids.filter { !gone.contains($0) && (currentItem(of: $0) != nil || !context.hasLoadedObject(with: $0)) })
        typealias Located = (entry: ResultEntry<ItemIdentifierType>, section: String, path: ItemPath)
        var removals: [Located] = []
        var insertions: [(entry: ResultEntry<ItemIdentifierType>, section: String, oldPath: ItemPath?)] = []
        for id in ids {
            var old: Located?
            if let item = currentItem(of: id), let path = path(ofItem: item) {
                old = (results[path], results.sections[path.section].name, path)
            }
            var new: (entry: ResultEntry<ItemIdentifierType>, section: String)?
            if !gone.contains(id) {
                let object = unsafeDowncast(context.object(with: id), to: ResultType.self)
                let included: Bool
                do {
                    included = try compiled.includes(object)
                } catch {
                    throw .wrapping(error)
                }
                if included {
                    let key = compiled.sortKey(of: object)
                    let name = compiled.sectionNameKeyPath == nil ? "" : Self.sectionName(compiled.sectionValue(ofSortKey: key, in: context))
                    new = (ResultEntry(sortKey: key, itemIdentifier: identity.identifier(of: object)), name)
                }
            }
            switch (old, new) {
            case (nil, nil):
                continue
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
        if case .attribute = identity {
            try checkIdentifiers(removing: removals.map(\.entry), inserting: insertions.map(\.entry), compiled)
        }
        let oldSections = results.sections.map(\.name)
        for removal in removals {
            guard let section = results.sectionIndex(named: removal.section) else { preconditionFailure("The section '\(removal.section)' of \(removal.entry.objectID) is missing from the results.") }
            let slot = results.slot(of: removal.entry.sortKey, inSection: section, ordering: ordering)
            precondition(slot.found, "The object \(removal.entry.objectID) is not where its sort key places it in the results.")
            results.remove(at: ItemPath(section: section, item: slot.index))
        }
        for insertion in insertions {
            results.insert(insertion.entry, sectionName: insertion.section, ordering: ordering)
        }
        for insertion in insertions {
            let section = results.sectionIndex(named: insertion.section)!
            let slot = results.slot(of: insertion.entry.sortKey, inSection: section, ordering: ordering)
            step.placements.append(.init(objectID: insertion.entry.objectID, itemIdentifier: insertion.entry.itemIdentifier, oldPath: insertion.oldPath, newPath: ItemPath(section: section, item: slot.index)))
        }
        if case .attribute = identity {
            for removal in removals {
                itemByObject[removal.entry.objectID] = nil
                objectByItem[removal.entry.itemIdentifier] = nil
            }
            for insertion in insertions {
                itemByObject[insertion.entry.objectID] = insertion.entry.itemIdentifier
                objectByItem[insertion.entry.itemIdentifier] = insertion.entry.objectID
            }
        }
        editBase(removing: removals.map(\.entry.itemIdentifier), oldSections: oldSections, placements: step.placements)
        let updatedNewPaths = step.updates.map { path(ofItem: $0.itemIdentifier)! }
        finish(step, oldSections: oldSections, sequenceNumber: position, alwaysDeliver: false, updatedNewPaths: updatedNewPaths)
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
        // From the last new path to the first, so the item after each one is already in place.
        for placement in placements.sorted(by: { $0.newPath > $1.newPath }) {
            let section = results.sections[placement.newPath.section]
            if placement.newPath.item + 1 < section.entries.count {
                base.insertItems([placement.itemIdentifier], beforeItem: section.entries[placement.newPath.item + 1].itemIdentifier)
            } else {
                base.appendItems([placement.itemIdentifier], toSection: section.name)
            }
        }
    }
}
