/// How a slot turns its source's section and item identifiers into the composer's: a
/// controller's section names and item identifiers, or nothing to change for a snapshot already
/// in the composer's identifiers.
struct SlotMapping<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable, SourceSection: Hashable & Sendable, SourceItem: Hashable & Sendable>: Sendable {
    let section: @Sendable (SourceSection) -> SectionIdentifierType
    let item: @Sendable (SourceItem) -> ItemIdentifierType
}

extension SlotMapping where SourceSection == SectionIdentifierType, SourceItem == ItemIdentifierType {
    /// The mapping of a snapshot already in the composer's identifiers.
    static var identity: SlotMapping { SlotMapping(section: { $0 }, item: { $0 }) }
}
