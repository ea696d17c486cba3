import Foundation

/// Who saves a commit, as its history transaction records it.
package struct HistoryStamp {
    /// The saving context's ``ManagedObjectContext/transactionAuthor``.
    package var author: String?
    /// The saving context's ``ManagedObjectContext/name``.
    package var contextName: String?

    /// This process's identifier, read once.
    package static let processIdentifier: Int32 = ProcessInfo.processInfo.processIdentifier
}
