extension DiffableDataSource {
    /// The handlers that let the user reorder items, as UIKit's diffable data source has them.
    ///
    /// Reordering is off while ``canReorderItem`` is `nil`. A view (or whatever handles the
    /// user's gesture) asks ``DiffableDataSource/canMoveItem(at:)`` before it starts and calls
    /// ``DiffableDataSource/moveItem(at:to:isolation:)`` when the user drops the item.
    ///
    /// ```swift
    /// dataSource.reorderingHandlers.canReorderItem = { _ in true }
    /// dataSource.reorderingHandlers.didReorder = { transaction in
    ///     store.saveOrder(transaction.finalSnapshot.itemIdentifiers)
    /// }
    /// ```
    public struct ReorderingHandlers: Sendable {
        /// Whether the user may move an item; reordering is off while it is `nil`.
        public var canReorderItem: (@Sendable (ItemIdentifierType) -> Bool)?
        /// Called with the reordering about to be shown, before the view changes.
        public var willReorder: (@Sendable (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        /// Called with the reordering once the view shows it: update your store from it.
        public var didReorder: (@Sendable (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

        /// Handlers that allow no reordering.
        public init() {}
    }

    /// The handlers that decide whether items can be reordered and hear of each reordering.
    public var reorderingHandlers: ReorderingHandlers {
        get { state.withLock { $0.reorderingHandlers } }
        set { state.withLock { $0.reorderingHandlers = newValue } }
    }
}
