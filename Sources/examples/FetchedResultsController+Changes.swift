import FetchedResults

extension IdentifiedFetchedResultsController {
    /// The controller's deliveries as list changes.
    func listChanges() -> AsyncMapSequence<AsyncStream<FetchedResultsDelivery<ItemIdentifierType>>, ListChange<String, ItemIdentifierType>> {
        deliveries().map { ListChange(snapshot: $0.snapshot, batchUpdate: $0.batchUpdate) }
    }
}
