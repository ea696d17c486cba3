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
