/// What a commit did to an object, in a ``HistoryChange``.
public enum HistoryChangeType: Int, Sendable, Hashable, Codable {
    /// The object was inserted.
    case insert = 0
    /// Some of the object's attributes or relationships changed
    /// (``HistoryChange/updatedProperties``).
    case update = 1
    /// The object was deleted (``HistoryChange/tombstone`` keeps its preserved values).
    case delete = 2
}
