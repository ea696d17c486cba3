public import DiffableSupport

extension DiffableDataSourceSnapshot {
    /// The number of items in the snapshot, over all sections. O(1).
    @inlinable
    public var numberOfItems: Int { sectionOffsets.total }

    /// The number of sections in the snapshot. O(1).
    @inlinable
    public var numberOfSections: Int { sections.count }

    /// The identifiers of the sections, in order. O(1).
    @inlinable
    public var sectionIdentifiers: [SectionIdentifierType] { sections }

    /// The identifiers of all items, section after section.
    ///
    /// - Complexity: O(1) for one section built by appending an array and not changed since,
    ///   O(*n*) otherwise.
    @inlinable
    public var itemIdentifiers: [ItemIdentifierType] {
        switch sectionKeys.count {
        case 0: return []
        case 1: return storage.trees[Int(sectionKeys[0])].items
        default:
            var all: [ItemIdentifierType] = []
            all.reserveCapacity(numberOfItems)
            for key in sectionKeys {
                let tree = storage.trees[Int(key)]
                if let whole = tree.whole {
                    all.append(contentsOf: whole)
                } else {
                    tree.forEachLeaf { leaf, _ in all.append(contentsOf: leaf.items) }
                }
            }
            return all
        }
    }

    /// The number of items in a section. O(1) on average.
    ///
    /// - Precondition: The snapshot contains `identifier`.
    @inlinable
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        storage.trees[Int(existingKey(ofSection: identifier, "numberOfItems(inSection:)"))].count
    }

    /// The identifiers of the items in a section, in order.
    ///
    /// - Precondition: The snapshot contains `identifier`.
    /// - Complexity: O(1) on average when the section holds exactly the array last appended to
    ///   it while it was empty (the array is returned as it was passed); O(*k*) for a section of
    ///   *k* items otherwise, a copy at memory speed.
    @inlinable
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        storage.trees[Int(existingKey(ofSection: identifier, "itemIdentifiers(inSection:)"))].items
    }

    /// The identifier of the section that contains an item, or `nil` if the snapshot does not
    /// contain the item. O(1) on average (the first lookup in a snapshot built by one large
    /// append builds its index: see ``appendItems(_:toSection:)``).
    @inlinable
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        guard let slot = storage.index[identifier] else { return nil }
        return sections[Int(positionOfKey[Int(storage.sectionKey(of: slot))])]
    }

    /// The position of an item's section and the item's index in it, from one lookup, or `nil`
    /// if the snapshot does not contain the item: what ``sectionIdentifier(containingItem:)``
    /// and ``indexOfItem(_:)`` together tell, for a caller that keeps index paths.
    @inlinable
    package func indexPath(ofItem identifier: ItemIdentifierType) -> (section: Int, item: Int)? {
        guard let slot = storage.index[identifier] else { return nil }
        let (key, offset) = storage.location(of: slot)
        return (Int(positionOfKey[Int(key)]), offset)
    }

    /// The index of an item in the whole snapshot (counting the items of all earlier sections),
    /// or `nil` if the snapshot does not contain the item. O(log *n*) on average (the first
    /// lookup in a snapshot built by one large append builds its index: see
    /// ``appendItems(_:toSection:)``).
    @inlinable
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let slot = storage.index[identifier] else { return nil }
        let (key, offset) = storage.location(of: slot)
        return sectionOffsets.start(of: Int(positionOfKey[Int(key)])) + offset
    }

    /// The index of a section, or `nil` if the snapshot does not contain the section. O(1) on
    /// average.
    @inlinable
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        guard let key = sectionKeyByIdentifier[identifier] else { return nil }
        return Int(positionOfKey[Int(key)])
    }

    /// The identifiers of the sections marked with ``reloadSections(_:)``, in no particular order.
    @inlinable
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { Array(reloadedSections) }

    /// The identifiers of the items marked with ``reloadItems(_:)``, in no particular order.
    @inlinable
    public var reloadedItemIdentifiers: [ItemIdentifierType] { Array(reloadedItems) }

    /// The identifiers of the items marked with ``reconfigureItems(_:)``, in no particular order.
    @inlinable
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { Array(reconfiguredItems) }
}

extension DiffableDataSourceSnapshot {
    @inlinable
    func existingPosition(ofSection identifier: SectionIdentifierType, _ caller: StaticString) -> Int {
        guard let key = sectionKeyByIdentifier[identifier] else {
            programmerError("Section identifier \(String(reflecting: identifier)), passed to \(caller), is not in the snapshot; check it with indexOfSection(_:) first.")
        }
        return Int(positionOfKey[Int(key)])
    }

    @inlinable
    func existingKey(ofSection identifier: SectionIdentifierType, _ caller: StaticString) -> UInt32 {
        guard let key = sectionKeyByIdentifier[identifier] else {
            programmerError("Section identifier \(String(reflecting: identifier)), passed to \(caller), is not in the snapshot; check it with indexOfSection(_:) first.")
        }
        return key
    }

    @inlinable
    func existingSlot(ofItem identifier: ItemIdentifierType, _ caller: StaticString) -> ItemSlot {
        guard let slot = storage.index[identifier] else { missingItem(identifier, caller) }
        return slot
    }

    /// Traps on `identifier`, passed to `caller` and not in the snapshot.
    @inlinable
    func missingItem(_ identifier: ItemIdentifierType, _ caller: StaticString) -> Never {
        programmerError("Item identifier \(String(reflecting: identifier)), passed to \(caller), is not in the snapshot; check it with indexOfItem(_:) first.")
    }

    /// Traps unless `identifier` is in the snapshot, without building a put-off index when its
    /// filter can tell (see ``ItemStorage/containsWithoutIndex(_:)``).
    @inlinable
    mutating func checkPresence(ofItem identifier: ItemIdentifierType, _ caller: StaticString) {
        if let present = storage.containsWithoutIndex(identifier) {
            if !present { missingItem(identifier, caller) }
            return
        }
        _ = existingSlot(ofItem: identifier, caller)
    }
}
