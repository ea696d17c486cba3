/// What a ``BatchDeleteRequest`` deleted.
public struct BatchDeleteResult: Sendable {
    /// The objects the request selected, all deleted, in key order.
    public let objectIDs: [ObjectID]
    /// The other objects deleted with them by cascade rules.
    public let cascadedObjectIDs: [ObjectID]
    /// The store's history position of the commit, when the store tracks history and the
    /// request deleted anything.
    public let historyToken: HistoryToken?

    /// How many of the objects the request selected were deleted.
    public var count: Int { objectIDs.count }
}
