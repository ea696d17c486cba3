/// The change sets of other contexts waiting to be merged into one context, in transaction order.
///
/// Contexts add to each other's inboxes from any thread; the owning context drains its inbox on
/// its queue, one change set at a time, and also before publishing its own save, so that its
/// observers see every change set in transaction order.
struct MergeInbox {
    private var changeSets: [ChangeSet] = []
    /// Whether a block that drains the inbox is queued on the context's queue.
    private var drainScheduled = false

    /// Adds a change set in transaction order; returns true when the caller must queue a drain.
    mutating func add(_ changeSet: ChangeSet) -> Bool {
        var index = changeSets.endIndex
        while index > changeSets.startIndex && changeSets[index - 1].transactionNumber > changeSet.transactionNumber {
            index -= 1
        }
        changeSets.insert(changeSet, at: index)
        defer { drainScheduled = true }
        return !drainScheduled
    }

    /// Removes the oldest waiting change set and returns it: any (a queued drain, which ends when
    /// the inbox is empty) or only one older than transaction `number`.
    mutating func next(before number: Int64?) -> ChangeSet? {
        guard let first = changeSets.first else {
            if number == nil { drainScheduled = false }
            return nil
        }
        if let number, first.transactionNumber >= number { return nil }
        return changeSets.removeFirst()
    }
}
