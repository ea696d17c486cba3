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

/// The identifier that holds a slot's change back, and the error reported for it.
struct SlotConflict<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Error {
    enum Identifier {
        case section(SectionIdentifierType)
        case item(ItemIdentifierType)
        /// The slot's own mapping gives two sections or items one identifier: only the slot's
        /// next content can clear it.
        case ownMapping
    }

    var identifier: Identifier
    var error: SnapshotComposerError
}
