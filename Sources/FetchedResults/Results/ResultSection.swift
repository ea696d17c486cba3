/// One section of a controller's ordered results: its name and its objects, in order.
struct ResultSection<ItemIdentifierType: Hashable & Sendable> {
    var name: String
    var entries: ResultEntries<ItemIdentifierType>
}
