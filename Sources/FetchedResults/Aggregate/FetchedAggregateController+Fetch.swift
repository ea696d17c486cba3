import GRDB
import ObjectStore

extension FetchedAggregateController {
    /// Reads the groups and delivers them, then follows the context's changes.
    ///
    /// - Throws: ``FetchedResultsError`` when reading fails.
    /// - Complexity: one query over the objects the request selects (O(*n*)); the controller
    ///   keeps one contribution per object.
    public func performFetch() throws(FetchedResultsError) {
        assertOnContextQueue()
        if observation == nil {
            observation = managedObjectContext.addChangeObserver { [weak self] event in
                self?.follow(event)
            }
        }
        try readAll(alwaysDeliver: true, isResync: false)
    }

    /// Reads every object's contribution again and delivers what changed.
    func readAll(alwaysDeliver: Bool, isResync: Bool) throws(FetchedResultsError) {
        let context = managedObjectContext
        let step: LiveGroups.Step
        do {
            let inputs = try context.groupedInputs(grouped, includesPending: fetchRequest.includesPendingChanges)
            position = max(position, context.changeSequenceNumber)
            step = try live.replaceAll(with: inputs)
        } catch {
            throw .wrapping(error)
        }
        isBehind = false
        lastError = nil
        deliver(step, alwaysDeliver: alwaysDeliver, isResync: isResync)
    }
}
