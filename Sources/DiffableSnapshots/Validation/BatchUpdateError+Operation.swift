extension BatchUpdateError {
    /// One list of a ``BatchUpdate``, as named by a ``BatchUpdateError``.
    ///
    /// Moves appear twice: as their sources (old indexes) and as their destinations (new
    /// indexes).
    public enum Operation: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// ``BatchUpdate/sectionDeletes`` (old indexes).
        case sectionDelete
        /// ``BatchUpdate/sectionInserts`` (new indexes).
        case sectionInsert
        /// The `from` of ``BatchUpdate/sectionMoves`` (old indexes).
        case sectionMoveSource
        /// The `to` of ``BatchUpdate/sectionMoves`` (new indexes).
        case sectionMoveDestination
        /// ``BatchUpdate/sectionReloads`` (old indexes).
        case sectionReload
        /// ``BatchUpdate/itemDeletes`` (old paths).
        case itemDelete
        /// ``BatchUpdate/itemInserts`` (new paths).
        case itemInsert
        /// The `from` of ``BatchUpdate/itemMoves`` (old paths).
        case itemMoveSource
        /// The `to` of ``BatchUpdate/itemMoves`` (new paths).
        case itemMoveDestination
        /// ``BatchUpdate/itemReloads`` (old paths).
        case itemReload
        /// ``BatchUpdate/itemReconfigures`` (new paths).
        case itemReconfigure

        /// Whether the operation names positions in the old snapshot (else in the new one).
        @inlinable
        public var addressesOldSnapshot: Bool {
            switch self {
            case .sectionDelete, .sectionMoveSource, .sectionReload, .itemDelete, .itemMoveSource, .itemReload:
                true
            case .sectionInsert, .sectionMoveDestination, .itemInsert, .itemMoveDestination, .itemReconfigure:
                false
            }
        }

        /// The operation in words, such as `item move source`.
        public var description: String {
            switch self {
            case .sectionDelete: "section delete"
            case .sectionInsert: "section insert"
            case .sectionMoveSource: "section move source"
            case .sectionMoveDestination: "section move destination"
            case .sectionReload: "section reload"
            case .itemDelete: "item delete"
            case .itemInsert: "item insert"
            case .itemMoveSource: "item move source"
            case .itemMoveDestination: "item move destination"
            case .itemReload: "item reload"
            case .itemReconfigure: "item reconfigure"
            }
        }

        /// The past participle used for sections replaced by this operation.
        var participle: String {
            switch self {
            case .sectionDelete: "deleted"
            case .sectionInsert: "inserted"
            case .sectionReload: "reloaded"
            default: description
            }
        }

        /// A fixed order among operations, used to sort operations naming the same index.
        @inlinable
        var rank: Int {
            switch self {
            case .sectionDelete: 0
            case .sectionInsert: 1
            case .sectionMoveSource: 2
            case .sectionMoveDestination: 3
            case .sectionReload: 4
            case .itemDelete: 5
            case .itemInsert: 6
            case .itemMoveSource: 7
            case .itemMoveDestination: 8
            case .itemReload: 9
            case .itemReconfigure: 10
            }
        }
    }
}
