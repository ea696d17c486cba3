extension DiffableDataSourceSnapshot {
    /// The item at `path` (a section index and an item index within that section), or `nil` when
    /// the snapshot has no such item.
    ///
    /// This is how a batch update's index paths turn back into identifiers:
    ///
    /// ```swift
    /// for path in update.itemDeletes {
    ///     let removed = oldSnapshot.itemIdentifier(at: path)!
    /// }
    /// ```
    ///
    /// - Complexity: O(log *n*): a descent through the section's tree by item counts.
    @inlinable
    public func itemIdentifier(at path: ItemPath) -> ItemIdentifierType? {
        guard path.section >= 0, path.section < sections.count, path.item >= 0 else { return nil }
        return storage.trees[Int(sectionKeys[path.section])].item(atOffset: path.item)
    }

    /// The path of an item (its section's index and its index within that section), or `nil`
    /// when the snapshot does not contain it.
    ///
    /// - Complexity: O(log *n*) on average, as ``indexOfItem(_:)``.
    @inlinable
    public func itemPath(of identifier: ItemIdentifierType) -> ItemPath? {
        guard let slot = storage.index[identifier] else { return nil }
        let (key, offset) = storage.location(of: slot)
        return ItemPath(section: Int(positionOfKey[Int(key)]), item: offset)
    }
}
