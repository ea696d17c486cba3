public import DiffableSnapshots

extension DiffableDataSourceSnapshot {
    /// The item at `path`, or `nil` when the path is not in the snapshot. O(log *n*).
    @inlinable
    func listItem(at path: ItemPath) -> ItemIdentifierType? {
        itemIdentifier(at: path)
    }

    /// The path of `item`, or `nil` when the snapshot does not contain it. O(log *n*).
    @inlinable
    func listPath(of item: ItemIdentifierType) -> ItemPath? {
        itemPath(of: item)
    }

    /// The section at `index`, or `nil` when there is none. O(1).
    @inlinable
    func listSection(at index: Int) -> SectionIdentifierType? {
        index >= 0 && index < numberOfSections ? sectionIdentifiers[index] : nil
    }

    /// Whether both snapshots hold the same sections and items in the same order, whatever they
    /// mark for reload or reconfigure.
    ///
    /// - Complexity: O(*s*) for *s* sections when the snapshots are equal and share their item
    ///   storage (a snapshot and its copy), or when their sections are item arrays that share
    ///   storage; O(*n*) otherwise.
    @inlinable
    func hasSameLayout(as other: Self) -> Bool {
        guard numberOfSections == other.numberOfSections, numberOfItems == other.numberOfItems,
              sectionIdentifiers == other.sectionIdentifiers
        else { return false }
        if self == other { return true }
        for section in sectionIdentifiers
        where itemIdentifiers(inSection: section) != other.itemIdentifiers(inSection: section) {
            return false
        }
        return true
    }

    /// Whether the snapshot marks anything for reload or reconfigure.
    @inlinable
    var hasMarks: Bool {
        !reloadedItemIdentifiers.isEmpty || !reconfiguredItemIdentifiers.isEmpty
            || !reloadedSectionIdentifiers.isEmpty
    }

    /// The same sections and items without reload or reconfigure marks: the snapshot itself when
    /// it marks nothing, else a copy built afresh (O(*n*)).
    @inlinable
    func withoutMarks() -> Self {
        guard hasMarks else { return self }
        var copy = Self()
        copy.appendSections(sectionIdentifiers)
        for section in sectionIdentifiers {
            copy.appendItems(itemIdentifiers(inSection: section), toSection: section)
        }
        return copy
    }
}
