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
    ///   - event: The event that changed the objects: objects in the results that it updated take
    ///     their new place from its change set when they can (see ``patchedEntries(of:olds:gone:event:_:)``)
    ///     instead of being read.
    /// - Complexity: O(*k* log *n*) comparisons for *k* objects, the snapshot edits (O(log *n*)
    ///   each) and the batch update built from the step (O(*k* log *k*)).
    func applyIncremental(_ ids: [ObjectID], marking: Set<ObjectID>, gone: Set<ObjectID> = [], _ compiled: CompiledFetchRequest<ResultType>, onlyMarks: Bool, unmoved: Set<ObjectID> = [], event: ChangeEvent? = nil) throws(FetchedResultsError) {
        if onlyMarks || ids.isEmpty {
            deliverMarks(of: ids + unmoved, marking: marking)
            return
        }
        let context = managedObjectContext
        // Each object's place is looked up once, before anything moves.
        let olds = base.locations(of: candidateItems(of: ids), in: results)
        // Decided before the loads below, which read the store.
        let patched = event.map { patchedEntries(of: ids, olds: olds, gone: gone, event: $0, compiled) } ?? [:]
        // An object that cannot be read is not placed by the defaults a fault reads as: the
        // update fails, and the controller reads its results again (``follow(_:)``).
        do {
            try context.loadObjectsOrThrow(ids.indices.compactMap { index in
                let id = ids[index]
                return !gone.contains(id) && patched[id] == nil && (olds[index] != nil || !context.hasLoadedObject(with: id)) ? id : nil
            })
        } catch {
            throw .wrapping(error)
        }
        var change = IncrementalChange()
        for (id, old) in zip(ids, olds) {
            var new = gone.contains(id) ? nil : patched[id]
            if new == nil && !gone.contains(id) { new = try entry(of: id, compiled, in: context) }
            change.note(id, from: old, to: new, marking: marking, compiled)
        }
        let marked = Array(unmoved.filter(marking.contains))
        for (id, old) in zip(marked, base.locations(of: candidateItems(of: marked), in: results)) {
            guard let old else { continue }
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
        base.follow(results, removing: change.removals.map(\.entry.itemIdentifier), oldSections: oldSections, placements: change.step.placements)
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
        return (ResultEntry(sortKey: key, itemIdentifier: identity.identifier(of: object)), sectionName(ofSortKey: key, compiled, in: context))
    }

    /// The section name of an object with sort key `key` (`""` without a section key path).
    private func sectionName(ofSortKey key: FetchSortKey, _ compiled: CompiledFetchRequest<ResultType>, in context: ManagedObjectContext) -> String {
        compiled.sectionNameKeyPath == nil ? "" : Self.sectionName(compiled.sectionValue(ofSortKey: key, in: context))
    }

    /// The entries that objects in the results which `event` updated take, worked out from their
    /// old entries and the new values `event`'s change set carries, for the objects whose place
    /// those decide without reading them: the context holds no values of the object, has read
    /// nothing newer than the save (``ManagedObjectContext/carriesLatestValues(_:)``), the
    /// request reaches no related object, and the change neither touches what the predicate
    /// reads nor the item identifier (see ``CompiledFetchRequest/sortKey(of:after:from:)``).
    private func patchedEntries(
        of ids: [ObjectID], olds: [IncrementalChange.Located?], gone: Set<ObjectID>, event: ChangeEvent, _ compiled: CompiledFetchRequest<ResultType>
    ) -> [ObjectID: (entry: ResultEntry<ItemIdentifierType>, section: String)] {
        let context = managedObjectContext
        guard relatedEntities.isEmpty, event.hasUpdatedObjects, let changeSet = event.changeSet, context.carriesLatestValues(event) else { return [:] }
        var patched: [ObjectID: (entry: ResultEntry<ItemIdentifierType>, section: String)] = [:]
        for index in ids.indices {
            let id = ids[index]
            guard !gone.contains(id), let keys = event.changedKeys(of: id), let old = olds[index], keepsIdentifier(changing: keys, compiled),
                context.holdsNoValues(of: id),
                let key = compiled.sortKey(of: id, after: changeSet, from: old.entry.sortKey)
            else { continue }
            patched[id] = (ResultEntry(sortKey: key, itemIdentifier: old.entry.itemIdentifier), sectionName(ofSortKey: key, compiled, in: context))
        }
        return patched
    }

    /// Takes the leaving entries out of the results and puts the arriving ones in by their sort
    /// keys (``OrderedResults/move(removing:inserting:order:)``); hands on each arriving entry's
    /// new path as a placement of the step.
    private func move(_ change: inout IncrementalChange, _ compiled: CompiledFetchRequest<ResultType>) {
        change.step.placements += results.move(removing: change.removals, inserting: change.insertions, order: compiled.sortOrder)
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
}
