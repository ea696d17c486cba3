import GRDB
import ObjectStore

extension FetchedAggregateController {
    /// Applies one event of the context's change stream (on the context's queue): the objects it
    /// touches give their contributions again; a reset, a resync, or a change the controller
    /// cannot trace to objects reads every contribution again.
    func follow(_ event: ChangeEvent) {
        guard deliveryCount > 0, event.sequenceNumber > position else { return }
        position = event.sequenceNumber
        do throws(FetchedResultsError) {
            if isBehind || event.kind == .reset || event.kind == .resync {
                try readAll(alwaysDeliver: false, isResync: true)
                return
            }
            let includesPending = fetchRequest.includesPendingChanges
            // A context's own save changes nothing it showed already, when it shows pending changes.
            if includesPending ? event.kind == .save : !event.isSaved { return }
            guard let keys = try touchedKeys(event) else {
                try readAll(alwaysDeliver: false, isResync: false)
                return
            }
            guard !keys.isEmpty else { return }
            let inputs: [(key: Int64, values: ContiguousArray<DatabaseValue>)]
            do {
                inputs = try managedObjectContext.groupedInputs(grouped, includesPending: includesPending, keys: Array(keys))
            } catch {
                throw .wrapping(error)
            }
            let step: LiveGroups.Step
            do {
                step = try live.replace(keys: keys, with: inputs)
            } catch {
                throw .wrapping(error)
            }
            deliver(step, alwaysDeliver: false, isResync: false)
        } catch {
            isBehind = true
            lastError = error
            delegate?.controller(self, didFailWith: error)
        }
    }

    /// The keys of the grouped objects whose contributions `event` may change, or nil when it
    /// reaches them in a way only a full read follows.
    private func touchedKeys(_ event: ChangeEvent) throws(FetchedResultsError) -> Set<Int64>? {
        let entity = reads.entity
        var keys: Set<Int64> = []
        var related: [Int: [Int64]] = [:]
        for id in event.insertedObjectIDs.union(event.deletedObjectIDs).union(event.refreshedObjectIDs).union(event.invalidatedObjectIDs) {
            if id.entity === entity {
                keys.insert(id.key)
            } else if reads.indirect.contains(id.entity.index) {
                return nil
            } else if let direct = reads.direct[id.entity.index], event.refreshedObjectIDs.contains(id) {
                related[direct.column, default: []].append(id.key)
            }
        }
        var reachesIndirectly = false
        event.forEachUpdatedObject { id, changed in
            if id.entity === entity {
                if changed.isEmpty || !changed.isDisjoint(with: reads.ownKeys) { keys.insert(id.key) }
            } else if reads.indirect.contains(id.entity.index) {
                reachesIndirectly = true
            } else if let direct = reads.direct[id.entity.index], changed.isEmpty || !changed.isDisjoint(with: direct.keys) {
                related[direct.column, default: []].append(id.key)
            }
        }
        if reachesIndirectly { return nil }
        for (column, relatedKeys) in related {
            do {
                keys.formUnion(try managedObjectContext.keys(of: entity, relatedThrough: column, to: relatedKeys, includesPending: fetchRequest.includesPendingChanges))
            } catch {
                throw .wrapping(error)
            }
        }
        return keys
    }
}
