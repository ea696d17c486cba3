/// A way in which a ``BatchUpdate`` breaks the rules of <doc:BatchUpdateRules> for two snapshots.
///
/// ``BatchUpdate/validate(from:to:)`` throws the first one found and
/// ``BatchUpdate/validationErrors(from:to:)`` lists them all. Each case names the rule it breaks
/// (``rule``) and carries the indexes, paths and identifiers involved, so a caller can match on
/// it; ``description`` says the same in a sentence, in the style of UIKit's messages, with what the
/// update must do instead:
///
/// ```swift
/// do {
///     try update.validate(from: old, to: new)
/// } catch .invalidNumberOfItems(let section, _, _, _, _, _, _) {
///     print("section \(section) does not add up")
/// } catch {
///     // Item move (0,1)→(1,0): expected 5 at the destination, found 7; move the item to its
///     // path in the new snapshot.
///     print(error)
/// }
/// ```
///
/// Sections are numbered by index and items by ``ItemPath``, in the old snapshot for deletes,
/// reloads and move sources and in the new snapshot for inserts, move destinations and
/// reconfigures. Identifiers appear as their `String(reflecting:)` descriptions.
public enum BatchUpdateError: Error, Hashable, Sendable {
    // MARK: Rule 1: ranges

    /// A section index that is not a section of its snapshot (the old one for deletes, reloads
    /// and move sources, the new one for inserts and move destinations). Rule 1.
    case sectionIndexOutOfRange(Operation, index: Int, numberOfSections: Int)

    /// An item path whose section is not a section of its snapshot. Rule 1.
    case itemSectionOutOfRange(Operation, path: ItemPath, numberOfSections: Int)

    /// An item path whose item index is not an item of its section, which has `numberOfItems`
    /// items. Rule 1.
    case itemIndexOutOfRange(Operation, path: ItemPath, numberOfItems: Int)

    // MARK: Rule 2: exclusivity

    /// A list that holds the same section index twice. Rule 2.
    case duplicateSectionIndex(Operation, index: Int)

    /// A list that holds the same item path twice. Rule 2.
    case duplicateItemPath(Operation, path: ItemPath)

    /// A section index named by two operations that exclude each other: an old section deleted,
    /// moved or reloaded more than one way, or a new section both inserted and a move
    /// destination. Rule 2.
    case conflictingSectionOperations(Operation, Operation, index: Int)

    /// An item path named by two operations that exclude each other: an old item deleted, moved
    /// or reloaded more than one way, or a new path both inserted and a move destination (or
    /// both inserted and reconfigured). Rule 2.
    case conflictingItemOperations(Operation, Operation, path: ItemPath)

    // MARK: Rule 3: whole sections

    /// An item operation whose path lies in a section that is deleted, inserted or reloaded
    /// (`sectionOperation` says which); such items come and go with their section. Rule 3.
    case itemInReplacedSection(Operation, path: ItemPath, sectionOperation: Operation)

    // MARK: Rule 4: counts

    /// The section count does not add up: `after` should be `before - deleted + inserted`. Rule 4.
    case invalidNumberOfSections(before: Int, inserted: Int, deleted: Int, after: Int)

    /// The item count of a surviving section does not add up: `after` should be
    /// `before - deleted - movedOut + inserted + movedIn`. `section` is the section's index in the
    /// new snapshot. Rule 4.
    case invalidNumberOfItems(
        section: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int, after: Int
    )

    // MARK: Rule 5: identity

    /// A kept or reloaded section that lands, by the in-order filling of free positions, on a
    /// new position holding another identifier. Rule 5.
    case sectionIdentityMismatch(from: Int, to: Int, expected: String, found: String)

    /// A section move whose destination holds another identifier than its source. Rule 5.
    case movedSectionIdentityMismatch(from: Int, to: Int, expected: String, found: String)

    /// A kept or reloaded item that lands, by the in-order filling of the free positions of its
    /// section, on a new path holding another identifier. Rule 5.
    case itemIdentityMismatch(from: ItemPath, to: ItemPath, expected: String, found: String)

    /// An item move, within a section or across sections, whose destination holds another
    /// identifier than its source. Rule 5.
    case movedItemIdentityMismatch(from: ItemPath, to: ItemPath, expected: String, found: String)

    // MARK: Rule 6: refreshes

    /// A reloaded item (at its old path) that the new snapshot does not contain. Rule 6.
    case reloadedItemNotInNewSnapshot(path: ItemPath, item: String)

    /// A reconfigured item (at its new path) that the old snapshot does not contain. Rule 6.
    case reconfiguredItemNotInOldSnapshot(path: ItemPath, item: String)

    /// A reconfigured path that is the new position of a reloaded item: an item is reloaded or
    /// reconfigured, never both. Rule 6.
    case reconfiguredItemIsReloaded(path: ItemPath, reloadedPath: ItemPath, item: String)

    /// The number, 1 to 6, of the rule in <doc:BatchUpdateRules> that the update breaks.
    @inlinable
    public var rule: Int {
        switch self {
        case .sectionIndexOutOfRange, .itemSectionOutOfRange, .itemIndexOutOfRange:
            1
        case .duplicateSectionIndex, .duplicateItemPath, .conflictingSectionOperations,
            .conflictingItemOperations:
            2
        case .itemInReplacedSection:
            3
        case .invalidNumberOfSections, .invalidNumberOfItems:
            4
        case .sectionIdentityMismatch, .movedSectionIdentityMismatch, .itemIdentityMismatch,
            .movedItemIdentityMismatch:
            5
        case .reloadedItemNotInNewSnapshot, .reconfiguredItemNotInOldSnapshot, .reconfiguredItemIsReloaded:
            6
        }
    }
}
