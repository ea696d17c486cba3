import DiffableSnapshots

/// What a slot's source last gave it: a snapshot in the source's identifiers (a controller's
/// delivered snapshot, or a static or sequence snapshot in the composer's own), its generation
/// (a controller delivery's; 0 otherwise), and the slot's mapping.
struct MappedSlotContent<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable, SourceSection: Hashable & Sendable, SourceItem: Hashable & Sendable>: SlotContent {
    var snapshot: DiffableDataSourceSnapshot<SourceSection, SourceItem>
    var generation = 0
    let mapping: SlotMapping<SectionIdentifierType, ItemIdentifierType, SourceSection, SourceItem>
    /// Marks of earlier content that was held back.
    var carried = CarriedMarks<SourceItem>()

    /// Sections without items count as content unless the whole snapshot has no item.
    var isEmpty: Bool { snapshot.numberOfItems == 0 }

    func region(slot: ComposerSlot) throws(SnapshotComposerError) -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        try .region(from: snapshot, slot: slot, marks: carried.adding(snapshot), section: mapping.section, item: mapping.item)
    }

    func carryingMarks(of older: any SlotContent<SectionIdentifierType, ItemIdentifierType>) -> Self {
        guard let older = older as? Self else { return self }
        var copy = self
        copy.carried = older.carried.adding(older.snapshot)
        return copy
    }
}

/// The content of a static slot or of a slot fed by a sequence of snapshots.
typealias SnapshotSlotContent<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> = MappedSlotContent<SectionIdentifierType, ItemIdentifierType, SectionIdentifierType, ItemIdentifierType>

extension MappedSlotContent where SourceSection == SectionIdentifierType, SourceItem == ItemIdentifierType {
    /// The content of a static or sequence slot: `snapshot` as it is.
    init(snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
        self.init(snapshot: snapshot, mapping: .identity)
    }
}
