extension DiffableDataSourceSnapshot {
    /// Checks every internal invariant and traps on the first one broken. O(*n*); for tests.
    func _checkInvariants() {
        precondition(sections.count == sectionKeys.count && sections.count == sectionItems.count)
        precondition(sectionStarts.count == sections.count + 1 && sectionStarts[0] == 0)
        precondition(sectionKeyByIdentifier.count == sections.count, "section index size")
        precondition(positionOfKey.count == sections.count + freeKeys.count, "key table size")
        for key in freeKeys { precondition(positionOfKey[Int(key)] == -1, "free key \(key) in use") }
        var itemCount = 0
        for (position, section) in sections.enumerated() {
            let key = sectionKeys[position]
            precondition(sectionKeyByIdentifier[section] == key, "section \(section) indexed under the wrong key")
            precondition(positionOfKey[Int(key)] == Int32(position), "key \(key) maps to the wrong position")
            precondition(sectionStarts[position] == itemCount, "start of section \(position)")
            for (offset, item) in sectionItems[position].enumerated() {
                let location = itemLocations[item]
                precondition(
                    location?.sectionKey == key && location?.offset == UInt32(offset),
                    "item \(item) indexed at the wrong location"
                )
            }
            itemCount += sectionItems[position].count
        }
        precondition(sectionStarts[sections.count] == itemCount, "item count")
        precondition(itemLocations.count == itemCount, "item index size")
        precondition(reloadedSections.allSatisfy { sectionKeyByIdentifier[$0] != nil }, "reloaded section missing")
        precondition(reloadedItems.allSatisfy { itemLocations[$0] != nil }, "reloaded item missing")
        precondition(reconfiguredItems.allSatisfy { itemLocations[$0] != nil }, "reconfigured item missing")
    }
}
