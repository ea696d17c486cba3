public import Foundation

/// A wake-up: other containers (other processes, or other containers on the same file) committed
/// to the store, and this container has read their commits from the persistent history.
///
/// Only a signal: what changed is in the history (``ManagedObjectContext/fetchHistory(after:)``),
/// and contexts that ``ManagedObjectContext/automaticallyMergesRemoteChanges`` have merged it
/// already. Wake-ups may be coalesced: one can stand for several commits.
public struct RemoteChange: Sendable, Hashable {
    /// The store's newest commit the container has read, its own included.
    public let historyToken: HistoryToken

    /// The store the commits went to.
    public var storeIdentifier: UUID { historyToken.storeIdentifier }
}
