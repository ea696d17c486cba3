/// Which authors' transactions ``ManagedObjectContext/fetchHistory(after:limit:author:)`` returns
/// (authors are ``ManagedObjectContext/transactionAuthor``).
public enum HistoryAuthorFilter: Sendable, Hashable {
    /// Every transaction.
    case any
    /// Only the transactions of this author.
    case only(String)
    /// Every transaction but this author's (transactions without an author included): the
    /// commits of everyone else.
    case excluding(String)
}
