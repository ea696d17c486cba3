import Foundation

/// Who saves a commit, as its history transaction records it.
package struct HistoryStamp {
    /// The saving context's ``ManagedObjectContext/transactionAuthor``.
    var author: String?
    /// The saving context's ``ManagedObjectContext/name``.
    var contextName: String?

    /// This process's identifier, read once.
    static let processIdentifier: Int32 = ProcessInfo.processInfo.processIdentifier
}
