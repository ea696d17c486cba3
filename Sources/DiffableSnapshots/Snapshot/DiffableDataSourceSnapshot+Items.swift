public import DiffableSupport

extension DiffableDataSourceSnapshot {
    /// Adds items at the end of a section.
    ///
    /// ```swift
    /// snapshot.appendItems([1, 2, 3])                     // to the last section
    /// snapshot.appendItems([4], toSection: "Favourites")  // to a named section
    /// ```
    ///
    /// - Parameters:
    ///   - identifiers: The items to add, in order.
    ///   - sectionIdentifier: The section to add them to; `nil` (the default) means the last section.
    /// - Precondition: The section exists (with `nil`, the snapshot has at least one section), and
    ///   no identifier is already in the snapshot or appears twice in `identifiers`.
    /// - Complexity: O(*m*) on average for *m* items appended, plus O(log *n*). Appending to an
    ///   empty section keeps `identifiers` itself: the items are hashed once, not copied. A
    ///   first append of 1,024 items or more to an empty snapshot only checks them for repeats
    ///   and leaves the index from item to position to the first lookup (O(*n*) then, once) or
    ///   the first change; a diff does not need it.
    @inlinable
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType],
        toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {
        let position: Int
        if let sectionIdentifier {
            position = existingPosition(ofSection: sectionIdentifier, "appendItems(_:toSection:)")
        } else {
            guard !sections.isEmpty else {
                programmerError("The snapshot has no sections for appendItems(_:toSection:) to append to; append a section before appending items.")
            }
            position = sections.count - 1
        }
        guard !identifiers.isEmpty else { return }
        let key = sectionKeys[position]
        // An append to an empty section may put its index off instead (see `PendingTable`).
        if !(storage.trees[Int(key)].root == nil && storage.indexMayPutOff()) { prepareIndex(adding: identifiers.count) }
        storage.append(identifiers, toSection: key, "appendItems(_:toSection:)")
        sectionOffsets.add(identifiers.count, at: position)
        compactIndexIfNeeded()
        _checkInvariantsInDebug()
    }

    /// Inserts items just before an item, in that item's section.
    ///
    /// - Precondition: `beforeIdentifier` is in the snapshot, and no identifier in `identifiers` is
    ///   already in the snapshot or appears twice.
    /// - Complexity: O(*m* + log *n*) on average, for *m* items inserted.
    @inlinable
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insertItems(identifiers, nextTo: beforeIdentifier, after: false, "insertItems(_:beforeItem:)")
    }

    /// Inserts items just after an item, in that item's section.
    ///
    /// - Precondition: `afterIdentifier` is in the snapshot, and no identifier in `identifiers` is
    ///   already in the snapshot or appears twice.
    /// - Complexity: O(*m* + log *n*) on average, for *m* items inserted.
    @inlinable
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insertItems(identifiers, nextTo: afterIdentifier, after: true, "insertItems(_:afterItem:)")
    }

    /// Deletes items from the snapshot.
    ///
    /// Identifiers that are not in the snapshot are ignored, so deleting is idempotent. Deleted
    /// items lose their reload and reconfigure marks.
    ///
    /// - Complexity: O(*d* log *n*) on average for *d* items deleted.
    @inlinable
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let removed = storage.remove(identifiers)
        guard !removed.isEmpty else { return }
        for (key, count) in removed {
            sectionOffsets.add(-count, at: Int(positionOfKey[Int(key)]))
        }
        forgetMarks(ofItems: identifiers)
        compactIndexIfNeeded()
        _checkInvariantsInDebug()
    }

    /// Deletes every item and every section, leaving an empty snapshot, as Apple's
    /// `deleteAllItems()` does.
    ///
    /// To empty one section but keep it, delete its items:
    /// `snapshot.deleteItems(snapshot.itemIdentifiers(inSection: section))`.
    @inlinable
    public mutating func deleteAllItems() {
        self = Self()
    }

    /// Moves an item to just before another item, possibly in another section.
    ///
    /// Moving an item before itself does nothing. The item keeps its reload and reconfigure marks.
    ///
    /// - Precondition: Both items are in the snapshot.
    /// - Complexity: O(log *n*) on average, within a section or across sections.
    @inlinable
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, nextTo: toIdentifier, after: false, "moveItem(_:beforeItem:)")
    }

    /// Moves an item to just after another item, possibly in another section.
    ///
    /// Moving an item after itself does nothing. The item keeps its reload and reconfigure marks.
    ///
    /// - Precondition: Both items are in the snapshot.
    /// - Complexity: The same as ``moveItem(_:beforeItem:)``.
    @inlinable
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, nextTo: toIdentifier, after: true, "moveItem(_:afterItem:)")
    }
}

// MARK: - Storage maintenance

extension DiffableDataSourceSnapshot {
    @inlinable
    mutating func insertItems(
        _ identifiers: [ItemIdentifierType],
        nextTo anchorIdentifier: ItemIdentifierType,
        after: Bool,
        _ caller: StaticString
    ) {
        var anchor = existingSlot(ofItem: anchorIdentifier, caller)
        guard !identifiers.isEmpty else { return }
        if prepareIndex(adding: identifiers.count) { anchor = existingSlot(ofItem: anchorIdentifier, caller) }
        let key = storage.sectionKey(of: anchor)
        storage.insert(identifiers, nextTo: anchor, after: after, caller)
        sectionOffsets.add(identifiers.count, at: Int(positionOfKey[Int(key)]))
        compactIndexIfNeeded()
        _checkInvariantsInDebug()
    }

    /// Rebuilds the index before adding `count` items if they would overflow its overlay, so
    /// that a large insert into a copy goes into a fresh flat table; returns whether it did.
    @inlinable
    @discardableResult
    mutating func prepareIndex(adding count: Int) -> Bool {
        guard count > 64, !storage.index.changesInPlace(reserving: count),
            storage.index.overlay.count + count > max(4_096, (numberOfItems + count) / 16)
        else { return false }
        storage.rebuildIndex(itemCount: numberOfItems)
        return true
    }

    /// Rebuilds the index when its overlay has grown past a sixteenth of the items (see
    /// ``ItemIndex``).
    @inlinable
    mutating func compactIndexIfNeeded() {
        if storage.indexNeedsRebuilding(itemCount: numberOfItems) {
            storage.rebuildIndex(itemCount: numberOfItems)
        }
    }

    @inlinable
    mutating func forgetMarks(ofItems identifiers: some Sequence<ItemIdentifierType>) {
        guard !reloadedItems.isEmpty || !reconfiguredItems.isEmpty else { return }
        for identifier in identifiers {
            reloadedItems.remove(identifier)
            reconfiguredItems.remove(identifier)
        }
    }

    @inlinable
    mutating func moveItem(
        _ identifier: ItemIdentifierType,
        nextTo anchorIdentifier: ItemIdentifierType,
        after: Bool,
        _ caller: StaticString
    ) {
        let source = existingSlot(ofItem: identifier, caller)
        _ = existingSlot(ofItem: anchorIdentifier, caller)
        guard identifier != anchorIdentifier else { return }
        let sourceKey = storage.sectionKey(of: source)
        for (key, count) in storage.remove(CollectionOfOne(identifier)) {
            sectionOffsets.add(-count, at: Int(positionOfKey[Int(key)]))
        }
        let anchor = existingSlot(ofItem: anchorIdentifier, caller)
        let targetKey = storage.sectionKey(of: anchor)
        storage.insert([identifier], nextTo: anchor, after: after, caller)
        sectionOffsets.add(1, at: Int(positionOfKey[Int(targetKey)]))
        _ = sourceKey
        compactIndexIfNeeded()
        _checkInvariantsInDebug()
    }
}
