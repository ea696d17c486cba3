extension PersistentContainer {
    /// Every time other containers' commits to the store have been read: from other processes,
    /// or from other containers on the same file in this process.
    ///
    /// The container watches its store file (on Linux with inotify, at no cost while nothing
    /// changes), reads new commits from the persistent history and hands them on (as
    /// ``ChangeSet``s with ``ChangeSet/isRemote``) to the contexts that
    /// ``ManagedObjectContext/automaticallyMergesRemoteChanges`` and to
    /// ``changeSets()``; then this sequence yields. Use it to run work of your own after others'
    /// saves; to show them, nothing is needed: the view context merges them.
    ///
    /// An in-memory store has no other containers: its sequence never yields. The sequence is
    /// buffered without limit and ends when the container and all of its contexts are released.
    public func remoteChanges() -> AsyncStream<RemoteChange> {
        core.remoteSignals.observers.stream()
    }
}
