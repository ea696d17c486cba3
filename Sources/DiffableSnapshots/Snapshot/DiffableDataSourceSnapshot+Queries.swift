extension DiffableDataSourceSnapshot {
    /// The number of items in the snapshot, over all sections. O(1).
    @inlinable
    public var numberOfItems: Int { sectionStarts[sectionStarts.count - 1] }

    /// The number of sections in the snapshot. O(1).
    @inlinable
    public var numberOfSections: Int { sections.count }

    /// The identifiers of the sections, in order. O(1).
    @inlinable
    public var sectionIdentifiers: [SectionIdentifierType] { sections }

    /// The identifiers of all items, section after section.
    ///
    /// - Complexity: O(1) with at most one section, O(*n*) otherwise.
    @inlinable
    public var itemIdentifiers: [ItemIdentifierType] {
        switch sectionItems.count {
        case 0: return []
        case 1: return sectionItems[0]
        default:
            var all: [ItemIdentifierType] = []
            all.reserveCapacity(numberOfItems)
            for items in sectionItems { all.append(contentsOf: items) }
            return all
        }
    }

    /// The number of items in a section. O(1) on average.
    ///
    /// - Precondition: The snapshot contains `identifier`.
    @inlinable
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        sectionItems[existingPosition(ofSection: identifier, "numberOfItems(inSection:)")].count
    }

    /// The identifiers of the items in a section, in order. O(1) on average: the array shares
    /// the snapshot's storage.
    ///
    /// - Precondition: The snapshot contains `identifier`.
    @inlinable
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        sectionItems[existingPosition(ofSection: identifier, "itemIdentifiers(inSection:)")]
    }

    /// The identifier of the section that contains an item, or `nil` if the snapshot does not
    /// contain the item. O(1) on average.
    @inlinable
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        guard let location = itemLocations[identifier] else { return nil }
        return sections[Int(positionOfKey[Int(location.sectionKey)])]
    }

    /// The index of an item in the whole snapshot (counting the items of all earlier sections),
    /// or `nil` if the snapshot does not contain the item. O(1) on average.
    @inlinable
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let location = itemLocations[identifier] else { return nil }
        let position = Int(positionOfKey[Int(location.sectionKey)])
        return sectionStarts[position] + Int(location.offset)
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
            programmerError("\(caller): section identifier \(String(reflecting: identifier)) is not in the snapshot")
        }
        return Int(positionOfKey[Int(key)])
    }

    @inlinable
    func existingLocation(ofItem identifier: ItemIdentifierType, _ caller: StaticString) -> ItemLocation {
        guard let location = itemLocations[identifier] else {
            programmerError("\(caller): item identifier \(String(reflecting: identifier)) is not in the snapshot")
        }
        return location
    }

    @inlinable
    func position(of location: ItemLocation) -> Int {
        Int(positionOfKey[Int(location.sectionKey)])
    }
}
