import DiffableSnapshots
import ObjectStore

extension IdentifiedFetchedResultsController {
    /// Replaces the results with fetched ones and delivers the difference.
    ///
    /// - Parameters:
    ///   - marking: Objects that changed: marked when they stay.
    ///   - alwaysDeliver: Whether to deliver even when nothing changed (a fetch).
    ///   - classic: Whether the step's classic changes are reported (not for the first fetch).
    ///   - isResync: Whether the fetch follows a resync of the context.
    func replaceResults(with fetched: FetchedState<ItemIdentifierType>, marking: Set<ObjectID>, alwaysDeliver: Bool, classic: Bool, isResync: Bool = false) {
        let compiled = self.compiled!
        let old = results
        let new = fetched.results
        var step = ResultsStep<ItemIdentifierType>()
        if classic || old.count > 0 {
            var oldLocations: [ObjectID: (entry: ResultEntry<ItemIdentifierType>, section: String, path: ItemPath)] = [:]
            oldLocations.reserveCapacity(old.count)
            for (sectionIndex, section) in old.sections.enumerated() {
                for (item, entry) in section.entries.enumerated() {
                    oldLocations[entry.objectID] = (entry, section.name, ItemPath(section: sectionIndex, item: item))
                }
            }
            for (sectionIndex, section) in new.sections.enumerated() {
                for (item, entry) in section.entries.enumerated() {
                    let newPath = ItemPath(section: sectionIndex, item: item)
                    guard let previous = oldLocations.removeValue(forKey: entry.objectID) else {
                        step.placements.append(.init(objectID: entry.objectID, itemIdentifier: entry.itemIdentifier, oldPath: nil, newPath: newPath))
                        continue
                    }
                    if previous.entry.itemIdentifier != entry.itemIdentifier {
                        step.deletes.append(.init(objectID: entry.objectID, itemIdentifier: previous.entry.itemIdentifier, oldPath: previous.path))
                        step.placements.append(.init(objectID: entry.objectID, itemIdentifier: entry.itemIdentifier, oldPath: nil, newPath: newPath))
                        continue
                    }
                    if previous.section != section.name || !compiled.sameSortValues(previous.entry.sortKey, entry.sortKey) {
                        step.placements.append(.init(objectID: entry.objectID, itemIdentifier: entry.itemIdentifier, oldPath: previous.path, newPath: newPath))
                    } else if marking.contains(entry.objectID) {
                        step.updates.append(.init(objectID: entry.objectID, itemIdentifier: entry.itemIdentifier, oldPath: previous.path))
                    }
                    if marking.contains(entry.objectID) { step.marked.append(entry.itemIdentifier) }
                }
            }
            for (id, previous) in oldLocations {
                step.deletes.append(.init(objectID: id, itemIdentifier: previous.entry.itemIdentifier, oldPath: previous.path))
            }
        }
        let oldSections = old.sections.map(\.name)
        results = new
        itemByObject = fetched.itemByObject
        objectByItem = fetched.objectByItem
        base = new.snapshot()
        finish(step, oldSections: oldSections, sequenceNumber: fetched.sequenceNumber, alwaysDeliver: alwaysDeliver, classic: classic, isResync: isResync)
    }

    /// Delivers a step unless it changed nothing.
    ///
    /// - Parameter updatedNewPaths: The new paths of the step's updates when the step knows every
    ///   object it touched: the batch update is then built from the step (O(*k* log *k*)) instead
    ///   of diffing the delivered snapshot against the new one (O(*n*) for what the diff cannot
    ///   skip).
    func finish(_ step: ResultsStep<ItemIdentifierType>, oldSections: [String], sequenceNumber: Int64, alwaysDeliver: Bool, classic: Bool = true, updatedNewPaths: [ItemPath]? = nil, isResync: Bool = false) {
        var step = step
        if updateMarking == .none {
            step.marked = []
            step.updates = []
        }
        let newSections = results.sections.map(\.name)
        if !alwaysDeliver && step.isEmpty && newSections == oldSections {
            _checkInvariants()
            return
        }
        var snapshot = base
        snapshot.mark(step.marked, updateMarking)
        let update = updatedNewPaths.map { step.batchUpdate(oldSections: oldSections, newSections: newSections, updatedNewPaths: $0, marking: updateMarking) }
            ?? BatchUpdate(from: delivered, to: snapshot)
        let changes = classic && (reportsClassicChanges || delegate != nil) ? step.classicChanges(oldSections: oldSections, newSections: newSections) : nil
        let previous = delivered
        generation += 1
        delivered = snapshot
        _checkInvariants()
        let delivery = FetchedResultsDelivery(snapshot: snapshot, previousSnapshot: previous, batchUpdate: update, changes: changes, generation: generation, sequenceNumber: sequenceNumber, isResync: isResync)
        if let delegate {
            if let changes {
                delegate.controllerWillChangeContent(self)
                for change in changes.sectionChanges {
                    delegate.controller(self, didChangeSection: change.name, atSectionIndex: change.index, for: change.type)
                }
                for change in changes.objectChanges {
                    delegate.controller(self, didChange: change.objectID, at: change.indexPath, for: change.type, newIndexPath: change.newIndexPath)
                    delegate.controller(self, didChangeObject: object(of: change), at: change.indexPath, for: change.type, newIndexPath: change.newIndexPath)
                }
                delegate.controllerDidChangeContent(self)
            }
            delegate.controller(self, didChangeContentWith: delivery)
        }
        streams.yield(delivery)
        followers.notify(delivery)
    }

    /// The object of a classic change in the controller's context: for a delete only the
    /// instance the context still holds, for the others the instance or a fault (no I/O).
    private func object(of change: FetchedResultsObjectChange<ItemIdentifierType>) -> ResultType? {
        let context = managedObjectContext
        let object = change.type == .delete ? context.registeredObject(with: change.objectID) : context.object(with: change.objectID)
        return object.map { unsafeDowncast($0, to: ResultType.self) }
    }

    /// Traps unless the results are ordered and the unmarked snapshot mirrors them.
    func _checkInvariants() {
        #if DEBUG
        guard let compiled else { return }
        results._checkInvariants(order: compiled.sortOrder)
        precondition(base.sectionIdentifiers == results.sections.map(\.name), "FetchedResults: snapshot sections differ from the results")
        for section in results.sections {
            precondition(base.itemIdentifiers(inSection: section.name) == section.entries.itemIdentifiers, "FetchedResults: snapshot section '\(section.name)' differs from the results")
        }
        if case .attribute = identity {
            precondition(itemByObject.count == results.count && objectByItem.count == results.count, "FetchedResults: identifier maps out of date")
        }
        #endif
    }
}
