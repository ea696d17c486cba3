/// What a ``BatchUpdateRequest`` changed.
public struct BatchUpdateResult: Sendable {
    /// The objects updated, in key order.
    public let objectIDs: [ObjectID]
    /// The store's history position of the commit, when the store tracks history and the
    /// request updated anything.
    public let historyToken: HistoryToken?

    /// How many objects were updated.
    public var count: Int { objectIDs.count }
}
