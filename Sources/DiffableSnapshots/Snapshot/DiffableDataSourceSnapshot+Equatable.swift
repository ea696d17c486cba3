extension DiffableDataSourceSnapshot: Equatable {
    /// Two snapshots are equal when they hold the same sections and items in the same order and
    /// mark the same sections and items for reload and reconfigure.
    ///
    /// - Complexity: O(*n*); sections whose item arrays share storage compare in O(1).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sections == rhs.sections
            && lhs.sectionItems == rhs.sectionItems
            && lhs.reloadedSections == rhs.reloadedSections
            && lhs.reloadedItems == rhs.reloadedItems
            && lhs.reconfiguredItems == rhs.reconfiguredItems
    }
}
