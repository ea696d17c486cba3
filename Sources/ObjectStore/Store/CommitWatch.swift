/// A store's watch for commits of other containers (other processes, other hosts), started by
/// ``PersistentStore/watchCommits(idleInterval:follow:)``.
package protocol CommitWatch: Sendable {
    /// Stops watching, once the watch no longer calls its `follow` function (waiting a few
    /// seconds at most); called from within `follow`, it only asks the watch to end.
    func stop()
}
