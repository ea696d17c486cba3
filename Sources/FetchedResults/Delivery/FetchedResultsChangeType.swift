/// How one object or section changed between two deliveries, as Core Data's
/// `NSFetchedResultsChangeType` names it.
public enum FetchedResultsChangeType: Sendable, Hashable, CustomStringConvertible {
    /// It entered the results (at the new index path, or new section index).
    case insert
    /// It left the results (from the old index path, or old section index).
    case delete
    /// Its sort or section key changed: it goes from the old index path to the new one (which may
    /// be equal, when only its neighbours' order around it changed).
    case move
    /// It changed and stayed where it was (at the old index path).
    case update

    /// `insert`, `delete`, `move` or `update`.
    public var description: String {
        switch self {
        case .insert: "insert"
        case .delete: "delete"
        case .move: "move"
        case .update: "update"
        }
    }
}
