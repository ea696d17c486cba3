import DiffableSnapshots
import ObjectStore

/// What one step changed in a controller's results, with Core Data's classic index paths: the
/// material of a delivery's classic changes.
struct ResultsStep<ItemIdentifierType: Hashable & Sendable> {
    struct Removal {
        var objectID: ObjectID
        var itemIdentifier: ItemIdentifierType
        var oldPath: ItemPath
    }

    struct Placement {
        var objectID: ObjectID
        var itemIdentifier: ItemIdentifierType
        var oldPath: ItemPath?
        var newPath: ItemPath
    }

    /// Objects that left the results.
    var deletes: [Removal] = []
    /// Objects that entered (no old path) or moved (old path).
    var placements: [Placement] = []
    /// Objects that changed and stayed in place, at their old paths.
    var updates: [Removal] = []
    /// Item identifiers to mark in the delivered snapshot.
    var marked: [ItemIdentifierType] = []

    var isEmpty: Bool {
        deletes.isEmpty && placements.isEmpty && updates.isEmpty && marked.isEmpty
    }

    /// The classic changes of the step, from the section names before and after it.
    /// Specialised for `ObjectID` items, as the controller's snapshot edits are.
    @_specialize(exported: false, where ItemIdentifierType == ObjectID)
    func classicChanges(oldSections: [String], newSections: [String]) -> FetchedResultsChanges<ItemIdentifierType> {
        var changes = FetchedResultsChanges<ItemIdentifierType>()
        let oldSet = Set(oldSections), newSet = Set(newSections)
        for (index, name) in oldSections.enumerated() where !newSet.contains(name) {
            changes.sectionChanges.append(FetchedResultsSectionChange(name: name, index: index, type: .delete))
        }
        for (index, name) in newSections.enumerated() where !oldSet.contains(name) {
            changes.sectionChanges.append(FetchedResultsSectionChange(name: name, index: index, type: .insert))
        }
        for removal in deletes.sorted(by: { $0.oldPath < $1.oldPath }) {
            changes.objectChanges.append(FetchedResultsObjectChange(objectID: removal.objectID, itemIdentifier: removal.itemIdentifier, type: .delete, indexPath: removal.oldPath, newIndexPath: nil))
        }
        let sortedPlacements = placements.sorted { $0.newPath < $1.newPath }
        for placement in sortedPlacements where placement.oldPath == nil {
            changes.objectChanges.append(FetchedResultsObjectChange(objectID: placement.objectID, itemIdentifier: placement.itemIdentifier, type: .insert, indexPath: nil, newIndexPath: placement.newPath))
        }
        for placement in sortedPlacements where placement.oldPath != nil {
            changes.objectChanges.append(FetchedResultsObjectChange(objectID: placement.objectID, itemIdentifier: placement.itemIdentifier, type: .move, indexPath: placement.oldPath, newIndexPath: placement.newPath))
        }
        for update in updates.sorted(by: { $0.oldPath < $1.oldPath }) {
            changes.objectChanges.append(FetchedResultsObjectChange(objectID: update.objectID, itemIdentifier: update.itemIdentifier, type: .update, indexPath: update.oldPath, newIndexPath: nil))
        }
        return changes
    }
}
