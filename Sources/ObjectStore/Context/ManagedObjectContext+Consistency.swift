extension ManagedObjectContext {
    /// The mark this context's store reads update: only a root context that merges automatically
    /// follows what it reads (the others merge nothing, or read through their parent).
    var storeMark: ReadMark? {
        parent == nil && automaticallyMergesChangesFromParent ? readMark : nil
    }

    /// Runs `body` on the parent's queue and notes which point of the parent's change stream it
    /// read (the parent's events up to there are the ones this context must merge to show no
    /// less than it read).
    func readingParent<T, Failure: Error>(_ parent: ManagedObjectContext, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let (result, position) = try parent.performAndWait { () throws(Failure) -> (T, Int64) in
            (try body(), parent.stream.sequenceNumber)
        }
        readMark.saw(position)
        return result
    }

    /// Whether this context has read values of saves it has not merged (and reported) yet: objects
    /// faulted in since its last fetch can show them before the event that announces them. The
    /// next fetch merges them first.
    package var hasReadAheadOfItsStream: Bool {
        readMark.highest > mergedMark
    }

    /// Whether the new values that `event`'s change set carries for the objects it updated are
    /// the latest this context has met of the objects it holds no values of: `event` merged a
    /// store save into this root context, which follows what it reads, and none of its reads has
    /// seen a later store generation. An observer that kept values of such an object from before
    /// the save can then take the changed ones from the change set instead of reading the object.
    package func carriesLatestValues(_ event: ChangeEvent) -> Bool {
        guard event.kind == .merge, let generation = event.storeGeneration, storeMark != nil else { return false }
        return readMark.highest <= generation
    }

    /// Merges the waiting change sets that this context's reads have seen, so that it shows no
    /// less than it has read. A root context first waits until the commits it saw have handed
    /// their change sets on (other containers' read from the history now, if need be).
    func catchUpWithReads() {
        let target = readMark.highest
        guard target > mergedMark else { return }
        if parent == nil { core.waitUntilHandedOn(through: target) }
        mergeWaitingChangeSets(below: target + 1)
        mergedMark = max(mergedMark, target)
    }

    /// Runs a fetch so that its result is what the context shows at one point of its change
    /// stream, the one its sequence number names when the fetch returns: unsaved changes
    /// recorded first, then every save the fetch's reads saw merged (and reported), and the fetch
    /// run again when a read saw more than what it merged before reading.
    ///
    /// A fetch whose reads see one store state needs one run; a save committed while it reads
    /// costs one more. A root context that keeps meeting new commits runs the last attempt while
    /// holding saves back. No observer runs meanwhile: the events are delivered at the end of the
    /// turn.
    func consistentRead<T>(_ body: () throws(ObjectStoreError) -> T) throws(ObjectStoreError) -> T {
        recordPendingChanges()
        mergeWaitingChangeSets(below: nil)
        catchUpWithReads()
        for _ in 0..<Self.consistentReadAttempts {
            let result = try body()
            guard readMark.highest > mergedMark else { return result }
            catchUpWithReads()
        }
        guard parent == nil else {
            // A child's parent that keeps changing: the result reflects the last point merged.
            let result = try body()
            catchUpWithReads()
            return result
        }
        return try core.withCommitLock { () throws(ObjectStoreError) -> T in
            catchUpWithReads()
            let result = try body()
            catchUpWithReads()
            return result
        }
    }

    /// How many times a fetch runs before a root context holds saves back for the next run.
    private static let consistentReadAttempts = 4
}
