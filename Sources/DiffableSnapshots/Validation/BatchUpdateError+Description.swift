import DiffableSupport

extension BatchUpdateError: CustomStringConvertible {
    /// What is wrong and where, as one sentence in the style of UIKit's messages.
    ///
    /// ```
    /// invalid number of items in section 2: 5 before, 1 inserted, 0 deleted, 0 moved in, 0 moved out, 5 after
    /// ```
    public var description: String {
        switch self {
        case .sectionIndexOutOfRange(let operation, let index, let count):
            "\(operation) \(index) is out of range: the \(side(operation)) snapshot has \(counted(count, "section"))"
        case .itemSectionOutOfRange(let operation, let path, let count):
            "\(operation) \(path) is out of range: the \(side(operation)) snapshot has \(counted(count, "section"))"
        case .itemIndexOutOfRange(let operation, let path, let count):
            "\(operation) \(path) is out of range: section \(path.section) of the \(side(operation)) snapshot has "
                + counted(count, "item")
        case .duplicateSectionIndex(let operation, let index):
            "\(side(operation)) section \(index) is listed more than once as a \(operation)"
        case .duplicateItemPath(let operation, let path):
            "\(side(operation)) item \(path) is listed more than once as an \(operation)"
        case .conflictingSectionOperations(let first, let second, let index):
            "\(side(first)) section \(index) is both a \(first) and a \(second); "
                + (first.addressesOldSnapshot
                    ? "a section is at most one of deleted, moved and reloaded"
                    : "a new section is either inserted or a move destination")
        case .conflictingItemOperations(let first, let second, let path):
            "\(side(first)) item \(path) is both an \(first) and an \(second); "
                + (first.addressesOldSnapshot
                    ? "an item is at most one of deleted, moved and reloaded"
                    : "a new item is at most one of inserted and a move destination, and inserted items are not reconfigured")
        case .itemInReplacedSection(let operation, let path, let sectionOperation):
            "\(operation) \(path) lies in \(side(operation)) section \(path.section), which is \(sectionOperation.participle); "
                + "items of deleted, inserted and reloaded sections come and go with their section and are not listed"
        case .invalidNumberOfSections(let before, let inserted, let deleted, let after):
            "invalid number of sections: \(before) before, \(inserted) inserted, \(deleted) deleted, \(after) after"
        case .invalidNumberOfItems(let section, let before, let inserted, let deleted, let movedIn, let movedOut, let after):
            "invalid number of items in section \(section): \(before) before, \(inserted) inserted, \(deleted) deleted, "
                + "\(movedIn) moved in, \(movedOut) moved out, \(after) after"
        case .sectionIdentityMismatch(let from, let to, let expected, let found):
            "kept or reloaded section \(from) lands at new section \(to): expected \(expected), found \(found)"
        case .movedSectionIdentityMismatch(let from, let to, let expected, let found):
            "section move \(from)->\(to): expected \(expected) at the destination, found \(found)"
        case .itemIdentityMismatch(let from, let to, let expected, let found):
            "kept or reloaded item \(from) lands at new path \(to): expected \(expected), found \(found)"
        case .movedItemIdentityMismatch(let from, let to, let expected, let found):
            "item move \(from)->\(to): expected \(expected) at the destination, found \(found)"
        case .reloadedItemNotInNewSnapshot(let path, let item):
            "reloaded item \(item) at old path \(path) is not in the new snapshot; only items in both snapshots are reloaded"
        case .reconfiguredItemNotInOldSnapshot(let path, let item):
            "reconfigured item \(item) at new path \(path) is not in the old snapshot; only items in both snapshots are reconfigured"
        case .reconfiguredItemIsReloaded(let path, let reloadedPath, let item):
            "item \(item) is both reloaded (old path \(reloadedPath)) and reconfigured (new path \(path)); "
                + "an item is reloaded or reconfigured, not both"
        }
    }

    private func side(_ operation: Operation) -> String {
        operation.addressesOldSnapshot ? "old" : "new"
    }

}
