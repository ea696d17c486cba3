import DiffableSnapshots

/// What a composer knows of one slot.
struct SlotState<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    /// Where a slot's content comes from.
    enum Source {
        case controller
        case staticSnapshot
        case sequence
    }

    let slot: ComposerSlot
    let source: Source
    let placeholder: SectionIdentifierType?
    /// The content the composed list shows (its last good content).
    var shown: any SlotContent<SectionIdentifierType, ItemIdentifierType>
    /// The slot's sections in the composed list, in order (its placeholder when it shows it).
    var sections: [SectionIdentifierType] = []
    /// Newer content held back by ``conflict``.
    var pending: (any SlotContent<SectionIdentifierType, ItemIdentifierType>)?
    /// What holds ``pending`` back.
    var conflict: SlotConflict<SectionIdentifierType, ItemIdentifierType>?
}
