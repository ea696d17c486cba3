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
    /// - Complexity: O(*n*) on average in the number of items appended, plus O(*s*) in the number of
    ///   sections after the target section.
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
                programmerError("appendItems(_:toSection:): the snapshot has no sections; append a section before appending items")
            }
            position = sections.count - 1
        }
        insertItems(identifiers, atPosition: position, offset: sectionItems[position].count, "appendItems(_:toSection:)")
    }

    /// Inserts items just before an item, in that item's section.
    ///
    /// - Precondition: `beforeIdentifier` is in the snapshot, and no identifier in `identifiers` is
    ///   already in the snapshot or appears twice.
    /// - Complexity: O(*n* + *k*) on average, for *n* items inserted into a section of *k* items.
    @inlinable
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        let anchor = existingLocation(ofItem: beforeIdentifier, "insertItems(_:beforeItem:)")
        insertItems(identifiers, atPosition: position(of: anchor), offset: Int(anchor.offset), "insertItems(_:beforeItem:)")
    }

    /// Inserts items just after an item, in that item's section.
    ///
    /// - Precondition: `afterIdentifier` is in the snapshot, and no identifier in `identifiers` is
    ///   already in the snapshot or appears twice.
    /// - Complexity: O(*n* + *k*) on average, for *n* items inserted into a section of *k* items.
    @inlinable
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        let anchor = existingLocation(ofItem: afterIdentifier, "insertItems(_:afterItem:)")
        insertItems(identifiers, atPosition: position(of: anchor), offset: Int(anchor.offset) + 1, "insertItems(_:afterItem:)")
    }

    /// Deletes items from the snapshot.
    ///
    /// Identifiers that are not in the snapshot are ignored, so deleting is idempotent. Deleted
    /// items lose their reload and reconfigure marks.
    ///
    /// - Complexity: O(*d* log *d*) in the number of items deleted, plus O(*k*) for each section
    ///   they are deleted from, on average, plus O(*s*) in the number of sections after the first
    ///   one touched.
    @inlinable
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        // Position in the high half, offset in the low one, so sorting groups items by section.
        var removed: [UInt64] = []
        removed.reserveCapacity(identifiers.count)
        for identifier in identifiers {
            guard let location = itemLocations.remove(identifier) else { continue }
            removed.append(UInt64(position(of: location)) << 32 | UInt64(location.offset))
        }
        guard !removed.isEmpty else { return }
        forgetMarks(ofItems: identifiers)
        removed.sort()
        var start = 0
        while start < removed.count {
            let position = removed[start] >> 32
            var end = start + 1
            while end < removed.count, removed[end] >> 32 == position { end += 1 }
            let offsets = removed[start..<end].lazy.map { Int($0 & 0xFFFF_FFFF) }
            Self.compact(&sectionItems[Int(position)], from: offsets.first!, removing: offsets)
            renumberItems(atPosition: Int(position), from: offsets.first!)
            start = end
        }
        reindexSections(from: Int(removed[0] >> 32))
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
    /// - Complexity: Within a section, O(*m*) on average for the *m* items between the two places
    ///   (plus a memory move of the section); across sections, O(*k* + *s*) for the sections of
    ///   *k* items involved and the *s* sections after the first of them.
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
        atPosition position: Int,
        offset: Int,
        _ caller: StaticString
    ) {
        guard !identifiers.isEmpty else { return }
        let key = sectionKeys[position]
        itemLocations.reserveCapacity(itemLocations.count + identifiers.count)
        for (index, identifier) in identifiers.enumerated() {
            let location = ItemLocation(sectionKey: key, offset: offset + index)
            if !itemLocations.insertNew(identifier, at: location) {
                programmerError(duplicateIdentifierMessage(
                    caller, kind: "item", identifier,
                    repeatedInCall: identifiers[..<index].contains(identifier), container: "snapshot"
                ))
            }
        }
        if offset == sectionItems[position].count {
            sectionItems[position].append(contentsOf: identifiers)
        } else {
            sectionItems[position].insert(contentsOf: identifiers, at: offset)
            renumberItems(atPosition: position, from: offset + identifiers.count)
        }
        shiftStarts(after: position, by: identifiers.count)
    }

    @inlinable
    static func compact(_ items: inout [ItemIdentifierType], from first: Int, removing sortedOffsets: some Collection<Int>) {
        var write = first
        var next = sortedOffsets.startIndex
        for read in first..<items.count {
            if next != sortedOffsets.endIndex, sortedOffsets[next] == read {
                sortedOffsets.formIndex(after: &next)
                continue
            }
            items.swapAt(write, read)
            write += 1
        }
        items.removeLast(items.count - write)
    }

    /// Rewrites the index offsets of the items of section `position` from `start` on.
    @inlinable
    mutating func renumberItems(atPosition position: Int, from start: Int) {
        renumberItems(atPosition: position, start..<sectionItems[position].count)
    }

    /// Rewrites the index offsets of the items at `offsets` of section `position`.
    @inlinable
    mutating func renumberItems(atPosition position: Int, _ offsets: Range<Int>) {
        itemLocations.renumber(sectionItems[position], offsets, inSection: sectionKeys[position])
    }

    @inlinable
    mutating func shiftStarts(after position: Int, by delta: Int) {
        for index in (position + 1)..<sectionStarts.count {
            sectionStarts[index] += delta
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
        let source = existingLocation(ofItem: identifier, caller)
        let anchor = existingLocation(ofItem: anchorIdentifier, caller)
        guard identifier != anchorIdentifier else { return }
        let sourcePosition = position(of: source)
        if anchor.sectionKey == source.sectionKey {
            // Within one section only the items between the two places change offset.
            let from = Int(source.offset)
            var to = Int(anchor.offset) + (after ? 1 : 0)
            if to > from { to -= 1 }
            sectionItems[sourcePosition].remove(at: from)
            sectionItems[sourcePosition].insert(identifier, at: to)
            renumberItems(atPosition: sourcePosition, min(from, to)..<(max(from, to) + 1))
            return
        }
        // Across sections, removing the item leaves the anchor's offset as it was.
        sectionItems[sourcePosition].remove(at: Int(source.offset))
        renumberItems(atPosition: sourcePosition, from: Int(source.offset))
        shiftStarts(after: sourcePosition, by: -1)

        let targetPosition = position(of: anchor)
        let offset = Int(anchor.offset) + (after ? 1 : 0)
        sectionItems[targetPosition].insert(identifier, at: offset)
        itemLocations.update(identifier, to: ItemLocation(sectionKey: anchor.sectionKey, offset: offset))
        renumberItems(atPosition: targetPosition, from: offset + 1)
        shiftStarts(after: targetPosition, by: 1)
    }
}
