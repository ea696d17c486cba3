import DiffableSnapshots

extension ComposerState {
    /// A controller slot's delivery.
    mutating func receive<ControllerItem>(_ delivery: FetchedResultsDelivery<ControllerItem>, at index: Int, mapping: SlotMapping<SectionIdentifierType, ItemIdentifierType, String, ControllerItem>) {
        receive(MappedSlotContent(snapshot: delivery.snapshot, generation: delivery.generation, mapping: mapping), at: index)
    }
}
