extension DiffableDataSourceSnapshot {
    /// Checks every internal invariant and traps on the first one broken. O(*n*); for tests.
    @usableFromInline
    func _checkInvariants() {
        precondition(sections.count == sectionKeys.count, "section arrays")
        precondition(sectionKeyByIdentifier.count == sections.count, "section index size")
        precondition(positionOfKey.count == sections.count + freeKeys.count, "key table size")
        precondition(storage.trees.count == positionOfKey.count, "one item tree per section key")
        for key in freeKeys {
            precondition(positionOfKey[Int(key)] == -1, "free key \(key) in use")
            precondition(storage.trees[Int(key)].root == nil, "free key \(key) holds items")
        }
        precondition(sectionOffsets.sums.count == sections.count + 1, "section offsets size")
        var itemCount = 0
        for (position, section) in sections.enumerated() {
            let key = sectionKeys[position]
            precondition(sectionKeyByIdentifier[section] == key, "section \(section) indexed under the wrong key")
            precondition(positionOfKey[Int(key)] == Int32(position), "key \(key) maps to the wrong position")
            precondition(sectionOffsets.start(of: position) == itemCount, "start of section \(position)")
            itemCount += storage.checkTree(ofSection: key)
        }
        precondition(sectionOffsets.total == itemCount, "item count")
        storage.checkIndex(itemCount: itemCount)
        precondition(reloadedSections.allSatisfy { sectionKeyByIdentifier[$0] != nil }, "reloaded section missing")
        precondition(reloadedItems.allSatisfy { storage.index[$0] != nil }, "reloaded item missing")
        precondition(reconfiguredItems.allSatisfy { storage.index[$0] != nil }, "reconfigured item missing")
    }

    /// Runs ``_checkInvariants()`` after each change when the package is built with
    /// `-D DIFFABLE_SNAPSHOTS_CHECKS` (for debugging the storage; far too slow otherwise).
    @inlinable
    func _checkInvariantsInDebug() {
        #if DIFFABLE_SNAPSHOTS_CHECKS
        _checkInvariants()
        #endif
    }
}
