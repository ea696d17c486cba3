extension DiffableDataSourceSectionSnapshot {
    /// Adds items as the last children of an item, or as the last root items.
    ///
    /// ```swift
    /// outline.append(["Football", "Tennis"])             // root items
    /// outline.append(["Premier League"], to: "Football")  // children of "Football"
    /// ```
    ///
    /// New items start collapsed. Appending to a collapsed parent adds items that are not
    /// visible until the parent is expanded.
    ///
    /// - Parameters:
    ///   - items: The items to add, in order.
    ///   - parent: The item to add them under; `nil` (the default) adds root items.
    /// - Precondition: `parent`, if given, is in the section snapshot; no identifier in `items`
    ///   is already in it (at any level) or appears twice.
    /// - Complexity: O(*k* + log *n*) expected, for *k* items added to a snapshot of *n*.
    @inlinable
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        insert(items, at: placement(appendingTo: parent, "append(_:to:)"), "append(_:to:)")
    }

    /// Inserts items just before an item, as its siblings.
    ///
    /// The new items take the anchor's parent and level, wherever it is in the outline:
    /// inserting before a nested item nests the new items under the same parent. They start
    /// collapsed.
    ///
    /// - Precondition: `item` is in the section snapshot; no identifier in `items` is already in
    ///   it or appears twice. (So an item can never end up next to or inside its own subtree: it
    ///   would already be in the snapshot.)
    /// - Complexity: O(*k* + log *n*) expected.
    @inlinable
    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        insert(items, at: placement(before: item, "insert(_:before:)"), "insert(_:before:)")
    }

    /// Inserts items just after an item, as its siblings: after the item's descendants, before
    /// its next sibling.
    ///
    /// The new items take the anchor's parent and level and start collapsed.
    ///
    /// - Precondition: `item` is in the section snapshot; no identifier in `items` is already in
    ///   it or appears twice.
    /// - Complexity: O(*k* + log *n*) expected.
    @inlinable
    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        insert(items, at: placement(after: item, "insert(_:after:)"), "insert(_:after:)")
    }

    /// Deletes items together with all their descendants.
    ///
    /// Identifiers that are not in the section snapshot are ignored, including descendants
    /// already deleted with an ancestor listed earlier, so deleting is idempotent.
    ///
    /// - Complexity: O(*d* log *n* + *m*) expected, for *d* identifiers removing *m* items in all.
    @inlinable
    public mutating func delete(_ items: [ItemIdentifierType]) {
        for item in items {
            guard let slot = slotOfItem[item] else { continue }
            remove(subtreeRanks(of: slot))
        }
        compactIfSparse()
    }

    /// Deletes every item, leaving an empty section snapshot.
    @inlinable
    public mutating func deleteAll() {
        self = Self()
    }
}
