extension SnapshotComposer {
    /// Sets the decoration of an item: state shown with it that is not its identity (whether a
    /// match is on the bet slip). A change marks the item `reconfigureItems` in a composition of
    /// its own, so its cell is updated in place, never deleted and inserted; `nil` removes the
    /// decoration. Setting the value it already has does nothing.
    ///
    /// Decorations belong to item identifiers, not to slots: one set for an item that is not in
    /// the list (yet, or any more) is kept, composes nothing, and applies whenever the item is
    /// shown. Remove decorations that are no longer needed with `nil`.
    ///
    /// ```swift
    /// composer.setDecoration(true, for: .selection(selectionID))   // added to the bet slip
    /// // in the cell provider:
    /// let onSlip = composer.decoration(for: item, as: Bool.self) ?? false
    /// ```
    ///
    /// - Complexity: O(log *n*) to find the item, and one composition if it is shown.
    public func setDecoration(_ decoration: (any Hashable & Sendable)?, for item: ItemIdentifierType) {
        withState { $0.setDecoration(decoration, for: item) }
    }

    /// The decoration of an item as `type`, or nil when it has none (or one of another type).
    public func decoration<D: Hashable & Sendable>(for item: ItemIdentifierType, as type: D.Type) -> D? {
        state.withLock { $0.decorations[item] as? D }
    }
}
