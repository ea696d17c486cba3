import ObjectStore

/// The results of one fetch, as a controller keeps them.
struct FetchedState<ItemIdentifierType: Hashable & Sendable> {
    var results: OrderedResults<ItemIdentifierType>
    /// For attribute identifiers: the object of each identifier, and back (empty otherwise).
    var objectByItem: [ItemIdentifierType: ObjectID]
    var itemByObject: [ObjectID: ItemIdentifierType]
    /// The point of the context's change stream the fetch reflects.
    var sequenceNumber: Int64
}
