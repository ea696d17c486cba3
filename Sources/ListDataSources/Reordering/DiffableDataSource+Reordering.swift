public import DiffableSnapshots
import DiffableSupport

extension DiffableDataSource {
    /// Whether the user may move the item at `indexPath`: the path holds an item and
    /// ``ReorderingHandlers/canReorderItem`` allows it. `false` while reordering is off.
    public func canMoveItem(at indexPath: ItemPath) -> Bool {
        let (current, handlers) = state.withLock { ($0.current, $0.reorderingHandlers) }
        guard let canReorderItem = handlers.canReorderItem, let item = current.listItem(at: indexPath) else {
            return false
        }
        return canReorderItem(item)
    }

    /// Moves the item at `sourcePath` so that it ends at `destinationPath`, as the user dropped
    /// it: the reordering handlers hear of it, and the view shows it with one batch update
    /// holding one move.
    ///
    /// The move runs in turn with applies. ``ReorderingHandlers/willReorder`` is called before
    /// the view changes and ``ReorderingHandlers/didReorder`` after, with the same
    /// ``DiffableDataSourceTransaction``.
    ///
    /// ```swift
    /// // The user dragged the third row of section 0 to the top of section 1.
    /// if dataSource.canMoveItem(at: ItemPath(section: 0, item: 2)) {
    ///     try await dataSource.moveItem(at: ItemPath(section: 0, item: 2), to: ItemPath(section: 1, item: 0))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - sourcePath: Where the item is in the snapshot shown.
    ///   - destinationPath: Where the item is to be once moved: a section of the snapshot shown,
    ///     and an index from 0 to the number of items the section holds without the item.
    ///   - isolation: The actor the call starts from, which keeps calls from one actor in order.
    /// - Returns: `true` when the item moved; `false` when reordering is off, the item may not
    ///   move, or it would land where it is.
    /// - Throws: A ``DiffableDataSourceError`` when a provider or the view fails; nothing then
    ///   moves and ``ReorderingHandlers/didReorder`` is not called.
    /// - Precondition: Both paths are paths of the snapshot shown (a view reports only paths it
    ///   shows).
    @discardableResult
    public func moveItem(
        at sourcePath: ItemPath,
        to destinationPath: ItemPath,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(DiffableDataSourceError) -> Bool {
        try await run(isolation: isolation) { () throws(DiffableDataSourceError) in
            try self.reorder(from: sourcePath, to: destinationPath)
        }
    }

    /// Performs a move (a job of the queue).
    func reorder(from source: ItemPath, to destination: ItemPath) throws(DiffableDataSourceError) -> Bool {
        let initial = snapshot()
        let handlers = state.withLock { $0.reorderingHandlers }
        guard let item = initial.listItem(at: source) else {
            programmerError("The source \(source), passed to moveItem(at:to:), is not a path of the snapshot shown; move only items the data source shows.")
        }
        guard let canReorderItem = handlers.canReorderItem, canReorderItem(item), source != destination else {
            return false
        }
        let final = Self.moving(item, in: initial, to: destination)
        let transaction = Self.transaction(moving: item, from: initial, to: final)
        handlers.willReorder?(transaction)
        let update = BatchUpdate(itemMoves: [BatchUpdate.Move(from: source, to: destination)])
        try binding.performBatchUpdates(update, initial, final, true)
        commit(final)
        let touched = [initial.sectionIdentifier(containingItem: item), final.sectionIdentifier(containingItem: item)]
        state.withLock { state in
            for section in touched { if let section { state.outlines[section] = nil } }
        }
        handlers.didReorder?(transaction)
        return true
    }

    /// `snapshot` with `item` moved to `destination`.
    static func moving(_ item: ItemIdentifierType, in snapshot: Snapshot, to destination: ItemPath) -> Snapshot {
        var final = snapshot
        final.deleteItems([item])
        guard let section = final.listSection(at: destination.section) else {
            programmerError("Section \(destination.section) of the destination \(destination), passed to moveItem(at:to:), is not a section of the snapshot shown; move items only into sections the data source shows.")
        }
        let items = final.itemIdentifiers(inSection: section)
        guard destination.item >= 0, destination.item <= items.count else {
            programmerError(
                "The destination \(destination), passed to moveItem(at:to:), is out of range: section \(destination.section) "
                    + "holds \(counted(items.count, "other item")); pass an item index from 0 to \(items.count)."
            )
        }
        if destination.item < items.count {
            final.insertItems([item], beforeItem: items[destination.item])
        } else {
            final.appendItems([item], toSection: section)
        }
        return final
    }

    /// The transaction of moving `item` from where it is in `initial` to where it is in `final`.
    static func transaction(
        moving item: ItemIdentifierType,
        from initial: Snapshot,
        to final: Snapshot
    ) -> DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType> {
        let oldIndex = initial.indexOfItem(item)!
        let newIndex = final.indexOfItem(item)!
        let oldPath = initial.listPath(of: item)!
        let newPath = final.listPath(of: item)!
        let oldSection = initial.sectionIdentifiers[oldPath.section]
        let newSection = final.sectionIdentifiers[newPath.section]

        func sectionTransaction(
            _ section: SectionIdentifierType,
            _ changes: [CollectionDifference<ItemIdentifierType>.Change]
        ) -> DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType> {
            DiffableDataSourceSectionTransaction(
                sectionIdentifier: section,
                initialSnapshot: DiffableDataSourceSectionSnapshot(initial.itemIdentifiers(inSection: section)),
                finalSnapshot: DiffableDataSourceSectionSnapshot(final.itemIdentifiers(inSection: section)),
                difference: CollectionDifference(changes)!
            )
        }
        let sectionTransactions = if oldSection == newSection {
            [
                sectionTransaction(oldSection, [
                    .remove(offset: oldPath.item, element: item, associatedWith: newPath.item),
                    .insert(offset: newPath.item, element: item, associatedWith: oldPath.item),
                ])
            ]
        } else {
            [
                sectionTransaction(oldSection, [.remove(offset: oldPath.item, element: item, associatedWith: nil)]),
                sectionTransaction(newSection, [.insert(offset: newPath.item, element: item, associatedWith: nil)]),
            ]
        }
        return DiffableDataSourceTransaction(
            initialSnapshot: initial,
            finalSnapshot: final,
            difference: CollectionDifference([
                .remove(offset: oldIndex, element: item, associatedWith: newIndex),
                .insert(offset: newIndex, element: item, associatedWith: oldIndex),
            ])!,
            sectionTransactions: sectionTransactions
        )
    }
}
