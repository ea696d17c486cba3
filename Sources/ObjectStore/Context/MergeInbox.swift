/// The change sets of other contexts waiting to be merged into one context, in the order they
/// must be merged.
///
/// Each comes with a mark that orders it against what the context reads: for a root context the
/// store generation its save committed; for a child, the sequence number of the parent's event
/// that passed it on. Senders add from any thread, in mark order; the owning context merges on
/// its queue, all of them (a queued merge), or those up to a mark (before publishing its own
/// save, or to catch up with what a read saw).
struct MergeInbox {
    private var waiting: [(changeSet: ChangeSet, mark: Int64)] = []
    /// Whether a block that merges the inbox is queued on the context's queue.
    private var mergeScheduled = false

    /// Adds a change set; returns true when the caller must queue a merge.
    mutating func add(_ changeSet: ChangeSet, mark: Int64) -> Bool {
        waiting.append((changeSet, mark))
        _checkInvariants()
        defer { mergeScheduled = true }
        return !mergeScheduled
    }

    /// Checks, in debug builds, that the change sets wait in the order of their marks (senders
    /// add them in the order they commit or record them).
    func _checkInvariants() {
        #if DEBUG
        for index in waiting.indices.dropFirst() {
            assert(waiting[index - 1].mark <= waiting[index].mark, "MergeInbox: change set \(waiting[index].changeSet.transactionNumber) marked \(waiting[index].mark) arrived after one marked \(waiting[index - 1].mark)")
        }
        #endif
    }

    /// Removes the oldest waiting change set and returns it with its mark: any (a queued merge,
    /// which ends when the inbox is empty), or only one whose mark is below `limit`.
    mutating func next(below limit: Int64?) -> (changeSet: ChangeSet, mark: Int64)? {
        guard let first = waiting.first else {
            if limit == nil { mergeScheduled = false }
            return nil
        }
        if let limit, first.mark >= limit { return nil }
        return waiting.removeFirst()
    }
}
