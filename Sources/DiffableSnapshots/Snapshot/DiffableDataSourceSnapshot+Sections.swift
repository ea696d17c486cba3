public import DiffableSupport

extension DiffableDataSourceSnapshot {
    /// Adds empty sections at the end.
    ///
    /// - Precondition: No identifier is already in the snapshot or appears twice in `identifiers`.
    /// - Complexity: O(*m* log *s*) on average for *m* sections appended to *s*.
    @inlinable
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        insertSections(identifiers, at: sections.count, "appendSections(_:)")
    }

    /// Inserts empty sections just before a section.
    ///
    /// - Precondition: `toIdentifier` is in the snapshot, and no identifier in `identifiers` is
    ///   already in the snapshot or appears twice.
    /// - Complexity: O(*s*) in the number of sections.
    @inlinable
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        let position = existingPosition(ofSection: toIdentifier, "insertSections(_:beforeSection:)")
        insertSections(identifiers, at: position, "insertSections(_:beforeSection:)")
    }

    /// Inserts empty sections just after a section.
    ///
    /// - Precondition: `toIdentifier` is in the snapshot, and no identifier in `identifiers` is
    ///   already in the snapshot or appears twice.
    /// - Complexity: O(*s*) in the number of sections.
    @inlinable
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        let position = existingPosition(ofSection: toIdentifier, "insertSections(_:afterSection:)")
        insertSections(identifiers, at: position + 1, "insertSections(_:afterSection:)")
    }

    /// Deletes sections together with their items.
    ///
    /// Identifiers that are not in the snapshot are ignored, so deleting is idempotent. Deleted
    /// sections and items lose their reload and reconfigure marks.
    ///
    /// - Complexity: O(*s* + *k*) on average: the number of sections plus the number of items
    ///   deleted with them.
    @inlinable
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        var doomed: [Int] = []
        for identifier in identifiers {
            guard let key = sectionKeyByIdentifier.removeValue(forKey: identifier) else { continue }
            doomed.append(Int(positionOfKey[Int(key)]))
            reloadedSections.remove(identifier)
        }
        guard !doomed.isEmpty else { return }
        doomed.sort()
        for position in doomed {
            let key = sectionKeys[position]
            forgetMarks(ofItems: storage.removeSection(key))
            positionOfKey[Int(key)] = -1
            freeKeys.append(key)
        }
        var write = doomed[0]
        var next = 0
        for read in doomed[0]..<sections.count {
            if next < doomed.count, doomed[next] == read {
                next += 1
                continue
            }
            sections.swapAt(write, read)
            sectionKeys.swapAt(write, read)
            write += 1
        }
        sections.removeLast(doomed.count)
        sectionKeys.removeLast(doomed.count)
        reindexSections(from: doomed[0])
        compactIndexIfNeeded()
        _checkInvariantsInDebug()
    }

    /// Moves a section to just before another section.
    ///
    /// Moving a section before itself does nothing.
    ///
    /// - Precondition: Both sections are in the snapshot.
    /// - Complexity: O(*s*) in the number of sections.
    @inlinable
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, nextTo: toIdentifier, after: false, "moveSection(_:beforeSection:)")
    }

    /// Moves a section to just after another section.
    ///
    /// Moving a section after itself does nothing.
    ///
    /// - Precondition: Both sections are in the snapshot.
    /// - Complexity: O(*s*) in the number of sections.
    @inlinable
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, nextTo: toIdentifier, after: true, "moveSection(_:afterSection:)")
    }
}

// MARK: - Storage maintenance

extension DiffableDataSourceSnapshot {
    @inlinable
    mutating func insertSections(_ identifiers: [SectionIdentifierType], at position: Int, _ caller: StaticString) {
        guard !identifiers.isEmpty else { return }
        var keys: [UInt32] = []
        keys.reserveCapacity(identifiers.count)
        for (index, identifier) in identifiers.enumerated() {
            let key: UInt32
            if let reused = freeKeys.popLast() {
                key = reused
            } else {
                key = UInt32(positionOfKey.count)
                positionOfKey.append(-1)
            }
            if sectionKeyByIdentifier.updateValue(key, forKey: identifier) != nil {
                programmerError(duplicateIdentifierMessage(
                    caller, kind: "section", identifier,
                    repeatedInCall: identifiers[..<index].contains(identifier), container: "snapshot"
                ))
            }
            storage.resetSection(key)
            keys.append(key)
        }
        let appending = position == sections.count
        sections.insert(contentsOf: identifiers, at: position)
        sectionKeys.insert(contentsOf: keys, at: position)
        if appending {
            for (offset, key) in keys.enumerated() { positionOfKey[Int(key)] = Int32(truncatingIfNeeded: position + offset) }
            for _ in keys { sectionOffsets.append(0) }
        } else {
            reindexSections(from: position)
        }
        _checkInvariantsInDebug()
    }

    @inlinable
    mutating func moveSection(
        _ identifier: SectionIdentifierType,
        nextTo anchorIdentifier: SectionIdentifierType,
        after: Bool,
        _ caller: StaticString
    ) {
        let source = existingPosition(ofSection: identifier, caller)
        var target = existingPosition(ofSection: anchorIdentifier, caller)
        guard source != target else { return }
        if target > source { target -= 1 }
        if after { target += 1 }
        let section = sections.remove(at: source)
        let key = sectionKeys.remove(at: source)
        sections.insert(section, at: target)
        sectionKeys.insert(key, at: target)
        reindexSections(from: min(source, target))
        _checkInvariantsInDebug()
    }

    /// Recomputes key positions for sections from `position` on, and the item offsets of all
    /// sections.
    @inlinable
    mutating func reindexSections(from position: Int) {
        for index in position..<sections.count {
            positionOfKey[Int(sectionKeys[index])] = Int32(truncatingIfNeeded: index)
        }
        let trees = storage.trees
        sectionOffsets = SectionOffsets(counts: sectionKeys.lazy.map { trees[Int($0)].count })
    }
}
