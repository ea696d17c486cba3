import DiffableSupport

extension BatchUpdateError: CustomStringConvertible {
    /// What is wrong and where, and what the update must do instead, as a sentence in the style
    /// of UIKit's messages.
    ///
    /// ```
    /// Invalid number of items in section 2: 5 before, 1 inserted, 0 deleted, 0 moved in, 0 moved out, 5 after; list every item inserted, deleted and moved.
    /// ```
    public var description: String {
        switch self {
        case .sectionIndexOutOfRange(let operation, let index, let count):
            "\(sentenceStart(operation.description)) \(index) is out of range: the \(side(operation)) snapshot has "
                + "\(counted(count, "section")); list only sections of the \(side(operation)) snapshot."
        case .itemSectionOutOfRange(let operation, let path, let count):
            "\(sentenceStart(operation.description)) \(path) is out of range: the \(side(operation)) snapshot has "
                + "\(counted(count, "section")); list only paths of the \(side(operation)) snapshot."
        case .itemIndexOutOfRange(let operation, let path, let count):
            "\(sentenceStart(operation.description)) \(path) is out of range: section \(path.section) of the \(side(operation)) "
                + "snapshot has \(counted(count, "item")); list only paths of the \(side(operation)) snapshot."
        case .duplicateSectionIndex(let operation, let index):
            "\(sentenceStart(side(operation))) section \(index) is listed more than once as a \(operation); list it once."
        case .duplicateItemPath(let operation, let path):
            "\(sentenceStart(side(operation))) item \(path) is listed more than once as an \(operation); list it once."
        case .conflictingSectionOperations(let first, let second, let index):
            "\(sentenceStart(side(first))) section \(index) is both a \(first) and a \(second); "
                + (first.addressesOldSnapshot
                    ? "a section is at most one of deleted, moved and reloaded."
                    : "a new section is either inserted or a move destination.")
        case .conflictingItemOperations(let first, let second, let path):
            "\(sentenceStart(side(first))) item \(path) is both an \(first) and an \(second); "
                + (first.addressesOldSnapshot
                    ? "an item is at most one of deleted, moved and reloaded."
                    : "a new item is at most one of inserted and a move destination, and inserted items are not reconfigured.")
        case .itemInReplacedSection(let operation, let path, let sectionOperation):
            "\(sentenceStart(operation.description)) \(path) lies in \(side(operation)) section \(path.section), which is "
                + "\(sectionOperation.participle); items of deleted, inserted and reloaded sections come and go with their "
                + "section, so do not list them."
        case .invalidNumberOfSections(let before, let inserted, let deleted, let after):
            "Invalid number of sections: \(before) before, \(inserted) inserted, \(deleted) deleted, \(after) after; "
                + "list every section inserted and deleted."
        case .invalidNumberOfItems(let section, let before, let inserted, let deleted, let movedIn, let movedOut, let after):
            "Invalid number of items in section \(section): \(before) before, \(inserted) inserted, \(deleted) deleted, "
                + "\(movedIn) moved in, \(movedOut) moved out, \(after) after; list every item inserted, deleted and moved."
        case .sectionIdentityMismatch(let from, let to, let expected, let found):
            "Kept or reloaded section \(from) lands at new section \(to): expected \(expected), found \(found); "
                + "list the insert, delete or move that shifts it."
        case .movedSectionIdentityMismatch(let from, let to, let expected, let found):
            "Section move \(from)→\(to): expected \(expected) at the destination, found \(found); "
                + "move the section to its index in the new snapshot."
        case .itemIdentityMismatch(let from, let to, let expected, let found):
            "Kept or reloaded item \(from) lands at new path \(to): expected \(expected), found \(found); "
                + "list the insert, delete or move that shifts it."
        case .movedItemIdentityMismatch(let from, let to, let expected, let found):
            "Item move \(from)→\(to): expected \(expected) at the destination, found \(found); "
                + "move the item to its path in the new snapshot."
        case .reloadedItemNotInNewSnapshot(let path, let item):
            "Reloaded item \(item) at old path \(path) is not in the new snapshot; only items in both snapshots are "
                + "reloaded, so delete it instead."
        case .reconfiguredItemNotInOldSnapshot(let path, let item):
            "Reconfigured item \(item) at new path \(path) is not in the old snapshot; only items in both snapshots are "
                + "reconfigured, so insert it instead."
        case .reconfiguredItemIsReloaded(let path, let reloadedPath, let item):
            "Item \(item) is both reloaded (old path \(reloadedPath)) and reconfigured (new path \(path)); "
                + "an item is reloaded or reconfigured, not both, so list it once."
        }
    }

    private func side(_ operation: Operation) -> String {
        operation.addressesOldSnapshot ? "old" : "new"
    }

}
