import DiffableSnapshots
import ObjectStore

extension FetchedAggregateController {
    /// Delivers the groups after `step` (always with `alwaysDeliver`, otherwise when a group
    /// appeared, disappeared or changed): to the delegate, the sequences and the followers.
    func deliver(_ step: LiveGroups.Step, alwaysDeliver: Bool, isResync: Bool) {
        guard alwaysDeliver || !step.isEmpty else { return }
        var snapshot = DiffableDataSourceSnapshot<String, AggregateGroupID>()
        snapshot.appendSections([""])
        snapshot.appendItems(live.orderedKeys.map { AggregateGroupID(key: $0) }, toSection: "")
        let changed = Set(step.changed.map { AggregateGroupID(key: $0) })
        snapshot.reconfigureItems(Array(changed))
        let previous = delivered
        deliveryCount += 1
        delivered = snapshot
        let delivery = AggregateDelivery(
            snapshot: snapshot, previousSnapshot: previous, batchUpdate: BatchUpdate(from: previous, to: snapshot),
            groups: live.orderedKeys.map(group(of:)), changedGroups: changed, generation: deliveryCount,
            sequenceNumber: position, isResync: isResync
        )
        delegate?.controller(self, didChangeGroupsWith: delivery)
        streams.yield(delivery)
        followers.notify(delivery)
    }
}
