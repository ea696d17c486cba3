/// What a ``BatchInsertRequest`` inserted and updated.
public struct BatchInsertResult: Sendable {
    /// The objects inserted, in row order.
    public let insertedObjectIDs: [ObjectID]
    /// The existing objects that rows matched by the uniqueness constraint and changed, in key
    /// order (a row that matched an object already holding its values changes nothing).
    public let updatedObjectIDs: [ObjectID]
    /// The store's history position of the commit, when the store tracks history and the
    /// request changed anything.
    public let historyToken: HistoryToken?

    /// How many objects were inserted or updated.
    public var count: Int { insertedObjectIDs.count + updatedObjectIDs.count }
}
