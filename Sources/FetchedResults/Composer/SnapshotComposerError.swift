import DiffableSnapshots
import DiffableSupport

/// What a ``SnapshotComposer`` reports instead of composing a change: data that cannot become
/// one list, never a trap.
///
/// When a slot's new content maps to a section or item identifier that another slot already
/// shows (or that the slot's own mapping produces twice), the composer holds that change back:
/// the slot keeps showing its last good content, the error is reported through
/// ``SnapshotComposer/errors()`` and ``SnapshotComposer/lastError``, and the slot's latest
/// content is composed as soon as the identifier is free again (the other slot dropped it, or the
/// slot's next change no longer has it).
public enum SnapshotComposerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Two slots (or one slot twice) map a section to the same identifier. `firstSlot` shows the
    /// section; `secondSlot`'s change is held back.
    case duplicateSection(identifier: String, firstSlot: ComposerSlot, secondSlot: ComposerSlot)
    /// Two slots (or one slot twice) map an item to the same identifier. `firstSlot` shows the
    /// item; `secondSlot`'s change is held back.
    case duplicateItem(identifier: String, firstSlot: ComposerSlot, secondSlot: ComposerSlot)
    /// A slot's asynchronous sequence of snapshots threw; the slot keeps its last content and
    /// receives nothing more.
    case sourceFailed(slot: ComposerSlot, message: String)

    /// Sentences that say what went wrong, where, and what to do.
    public var description: String {
        switch self {
        case .duplicateSection(let identifier, let first, let second) where first == second:
            "The \(second) maps two of its sections to the section identifier \(identifier); its change is held back "
                + "until its mapping gives each section its own identifier."
        case .duplicateSection(let identifier, let first, let second):
            "Both the \(second) and the \(first) map a section to the identifier \(identifier); the change of the "
                + "\(second) is held back until the \(first) no longer shows it. Give each slot's sections identifiers "
                + "of their own."
        case .duplicateItem(let identifier, let first, let second) where first == second:
            "The \(second) maps two of its items to the item identifier \(identifier); its change is held back until "
                + "its mapping gives each item its own identifier."
        case .duplicateItem(let identifier, let first, let second):
            "Both the \(second) and the \(first) map an item to the identifier \(identifier); the change of the "
                + "\(second) is held back until the \(first) no longer shows it. Make item identifiers distinct across "
                + "slots (an enum case per slot, say)."
        case .sourceFailed(let slot, let message):
            "The snapshot sequence of the \(slot) failed: \(clause(message)). The slot keeps its last content and "
                + "receives no more."
        }
    }
}
