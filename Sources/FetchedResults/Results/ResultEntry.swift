import ObjectStore

/// One object in a controller's ordered results: what it sorts by (its ID included) and its item
/// identifier.
struct ResultEntry<ItemIdentifierType: Hashable & Sendable> {
    var sortKey: FetchSortKey
    var itemIdentifier: ItemIdentifierType

    var objectID: ObjectID { sortKey.objectID }
}
