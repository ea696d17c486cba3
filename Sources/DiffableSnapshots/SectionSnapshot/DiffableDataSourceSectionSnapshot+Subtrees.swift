extension DiffableDataSourceSectionSnapshot {
    /// Adds the items of another section snapshot as the last children of an item, or as the
    /// last root items.
    ///
    /// The root items of `snapshot` become children of `parent` (or root items); everything
    /// below them keeps its place in the hierarchy, and every item keeps its expansion state.
    ///
    /// - Precondition: `parent`, if given, is in this section snapshot; no item of `snapshot` is.
    /// - Complexity: O(*k* + log *n*) expected, for *k* items in `snapshot`.
    @inlinable
    public mutating func append(_ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, to parent: ItemIdentifierType? = nil) {
        insert(contentsOf: snapshot, at: placement(appendingTo: parent, "append(_:to:)"), "append(_:to:)")
    }

    /// Inserts the items of another section snapshot just before an item: its root items become
    /// siblings of `item`, and every item keeps its hierarchy below them and its expansion state.
    ///
    /// - Precondition: `item` is in this section snapshot; no item of `snapshot` is.
    /// - Complexity: O(*k* + log *n*) expected.
    @inlinable
    public mutating func insert(_ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, before item: ItemIdentifierType) {
        insert(contentsOf: snapshot, at: placement(before: item, "insert(_:before:)"), "insert(_:before:)")
    }

    /// Inserts the items of another section snapshot just after an item and its descendants:
    /// its root items become siblings of `item`, and every item keeps its hierarchy below them
    /// and its expansion state.
    ///
    /// - Precondition: `item` is in this section snapshot; no item of `snapshot` is.
    /// - Complexity: O(*k* + log *n*) expected.
    @inlinable
    public mutating func insert(_ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>, after item: ItemIdentifierType) {
        insert(contentsOf: snapshot, at: placement(after: item, "insert(_:after:)"), "insert(_:after:)")
    }

    /// A new section snapshot holding the descendants of an item, optionally with the item itself.
    ///
    /// Without the parent, the item's children become the root items of the result; with it,
    /// the item is the result's only root item. Hierarchy and expansion states are kept.
    ///
    /// ```swift
    /// let football = outline.snapshot(of: "Football")  // its leagues, as root items
    /// ```
    ///
    /// - Precondition: `parent` is in the section snapshot.
    /// - Complexity: O(*m* + log *n*) expected, for an item with *m* descendants.
    @inlinable
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
        let ranks = subtreeRanks(of: existingSlot(of: parent, "snapshot(of:includingParent:)"))
        var result = Self()
        result.insert(
            from: self,
            includingParent ? ranks : ranks.dropFirst(),
            at: OutlinePlacement(rank: 0, level: 0, parent: -1),
            "snapshot(of:includingParent:)"
        )
        return result
    }

    /// Replaces all descendants of an item with the items of another section snapshot.
    ///
    /// The root items of `snapshot` become the children of `parent`; every item keeps its
    /// hierarchy and expansion state from `snapshot`. `parent` keeps its own expansion state.
    /// The items of `snapshot` may include the descendants being replaced, so a subtree read with
    /// ``snapshot(of:includingParent:)``, edited and put back works as expected.
    ///
    /// ```swift
    /// var leagues = outline.snapshot(of: "Football")
    /// leagues.append(["Serie A"])
    /// outline.replace(childrenOf: "Football", using: leagues)
    /// ```
    ///
    /// - Precondition: `parent` is in this section snapshot; no item of `snapshot` is, other than
    ///   the descendants being replaced.
    /// - Complexity: O(*m* + *k* + log *n*) expected, for *m* items removed and *k* added.
    @inlinable
    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
        let slot = existingSlot(of: parent, "replace(childrenOf:using:)")
        let ranks = subtreeRanks(of: slot)
        remove(ranks.dropFirst())
        let children = OutlinePlacement(rank: ranks.lowerBound + 1, level: nodes[Int(slot)].level + 1, parent: slot)
        insert(contentsOf: snapshot, at: children, "replace(childrenOf:using:)")
        compactIfSparse()
    }
}
