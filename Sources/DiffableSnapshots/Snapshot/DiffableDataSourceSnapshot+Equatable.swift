extension DiffableDataSourceSnapshot: Equatable {
    /// Two snapshots are equal when they hold the same sections and items in the same order and
    /// mark the same sections and items for reload and reconfigure.
    ///
    /// - Complexity: O(*n*); parts of the item trees the two snapshots share compare in O(1).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.sections == rhs.sections, lhs.numberOfItems == rhs.numberOfItems else { return false }
        for (left, right) in zip(lhs.sectionKeys, rhs.sectionKeys) {
            guard ItemTree.sameItems(lhs.storage.trees[Int(left)], rhs.storage.trees[Int(right)]) else { return false }
        }
        return lhs.reloadedSections == rhs.reloadedSections
            && lhs.reloadedItems == rhs.reloadedItems
            && lhs.reconfiguredItems == rhs.reconfiguredItems
    }
}
