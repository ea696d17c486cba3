public import Foundation

/// One commit in a store's persistent history: who saved, when, and what changed.
///
/// Every save to a store with ``StoreDescription/persistentHistoryTracking`` on appends one, in
/// the save's own SQLite transaction, so the history holds exactly the commits the store holds.
/// Read them with ``ManagedObjectContext/fetchHistory(after:)``.
public struct HistoryTransaction: Sendable, Hashable {
    /// The commit's position in the history; pass it to ``ManagedObjectContext/fetchHistory(after:)``
    /// to read the commits after this one.
    public let token: HistoryToken
    /// When the commit was written.
    public let timestamp: Date
    /// The saving context's ``ManagedObjectContext/transactionAuthor``.
    public let author: String?
    /// The saving context's ``ManagedObjectContext/name``.
    public let contextName: String?
    /// The identifier of the process that saved.
    public let processIdentifier: Int32
    /// The objects the commit inserted, updated and deleted, one change per object.
    public let changes: [HistoryChange]

    package init(token: HistoryToken, timestamp: Date, author: String?, contextName: String?, processIdentifier: Int32, changes: [HistoryChange]) {
        self.token = token
        self.timestamp = timestamp
        self.author = author
        self.contextName = contextName
        self.processIdentifier = processIdentifier
        self.changes = changes
    }
}
