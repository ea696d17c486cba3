/// Computes the batch update between two snapshots (see <doc:BatchUpdateRules>).
///
/// Work is expected linear in the items of the sections that changed:
/// 1. Sections are matched by identifier; the kept ones are a longest increasing subsequence of
///    old positions, the other common ones move.
/// 2. Each surviving section pair whose item arrays share storage is skipped. The others are
///    trimmed of their common prefix and suffix by `==`.
/// 3. Each new item left in a middle is hashed once, against the old snapshot's index. Old items
///    are never hashed: a matched flag per old middle item finds the deletes.
/// 4. Within a section, the items that stay are a longest increasing subsequence of old offsets.
/// 5. Reload and reconfigure marks are applied by walking the mark sets, not the items.
@usableFromInline
struct SnapshotDiffer<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    @usableFromInline let old: Snapshot
    @usableFromInline let new: Snapshot
    /// For each new section, the old position of its surviving counterpart, or -1.
    @usableFromInline var newSurvivor: [Int32] = []
    /// For each old section, the new position of its surviving counterpart, or -1.
    @usableFromInline var oldSurvivor: [Int32] = []
    /// For each new section, the item work of its pair, when its items changed.
    @usableFromInline var work: [SectionWork?] = []
    /// For each old section with changed items: the first offset of its middle, where its flags
    /// start in `oldMatched` (-1 when its items did not change), and how many there are.
    @usableFromInline var oldMiddleStart: [Int] = []
    @usableFromInline var oldMatchedBase: [Int] = []
    @usableFromInline var oldMiddleLength: [Int] = []
    /// A matched flag per old middle item, section after section.
    @usableFromInline var oldMatched: [Bool] = []
    @usableFromInline var update = BatchUpdate()

    @inlinable
    init(old: Snapshot, new: Snapshot) {
        self.old = old
        self.new = new
    }

    @inlinable
    mutating func batchUpdate() -> BatchUpdate {
        diffSections()
        trimSurvivingSections()
        matchItems()
        applyItemMarks()
        emitItemOperations()
        return update
    }
}

// MARK: - Sections

extension SnapshotDiffer {
    @usableFromInline
    enum SectionFate: UInt8 {
        case inserted, kept, moved, reloaded
        /// Moved and marked for reload: deleted at its old index, inserted at its new one.
        case replaced
    }

    @inlinable
    mutating func diffSections() {
        let oldCount = old.sections.count
        let newCount = new.sections.count
        var newToOld = [Int32](repeating: -1, count: newCount)
        var oldToNew = [Int32](repeating: -1, count: oldCount)
        if old.sections == new.sections {
            for position in 0..<newCount {
                newToOld[position] = Int32(truncatingIfNeeded: position)
                oldToNew[position] = Int32(truncatingIfNeeded: position)
            }
        } else {
            for (position, section) in new.sections.enumerated() {
                guard let key = old.sectionKeyByIdentifier[section] else { continue }
                let oldPosition = old.positionOfKey[Int(key)]
                newToOld[position] = oldPosition
                oldToNew[Int(oldPosition)] = Int32(truncatingIfNeeded: position)
            }
        }

        var fates = [SectionFate](repeating: .inserted, count: newCount)
        for position in 0..<newCount where newToOld[position] >= 0 {
            fates[position] = .kept
        }
        forEachOutsideLongestIncreasingSubsequence(newToOld) { fates[$0] = .moved }
        for section in new.reloadedSections {
            let position = Int(new.positionOfKey[Int(new.sectionKeyByIdentifier[section]!)])
            switch fates[position] {
            case .kept: fates[position] = .reloaded
            case .moved: fates[position] = .replaced
            case .inserted, .reloaded, .replaced: break
            }
        }

        newSurvivor = [Int32](repeating: -1, count: newCount)
        oldSurvivor = [Int32](repeating: -1, count: oldCount)
        for position in 0..<newCount {
            let oldPosition = Int(newToOld[position])
            switch fates[position] {
            case .inserted:
                update.sectionInserts.append(position)
            case .kept:
                newSurvivor[position] = Int32(truncatingIfNeeded: oldPosition)
                oldSurvivor[oldPosition] = Int32(truncatingIfNeeded: position)
            case .moved:
                newSurvivor[position] = Int32(truncatingIfNeeded: oldPosition)
                oldSurvivor[oldPosition] = Int32(truncatingIfNeeded: position)
                update.sectionMoves.append(BatchUpdate.Move(from: oldPosition, to: position))
            case .reloaded:
                update.sectionReloads.append(oldPosition)
            case .replaced:
                update.sectionInserts.append(position)
            }
        }
        for oldPosition in 0..<oldCount {
            let position = Int(oldToNew[oldPosition])
            if position < 0 || fates[position] == .replaced {
                update.sectionDeletes.append(oldPosition)
            }
        }
        // Reloads come out in old order already: reloaded sections are kept ones, which keep
        // their relative order. Moves were collected in new order.
        update.sectionMoves.sort { $0.from < $1.from }
    }
}

// MARK: - Items

extension SnapshotDiffer {
    @usableFromInline
    enum ItemFate: UInt8 {
        case inserted, kept, movedWithin, movedAcross
        /// Moved and marked for reload: deleted at its old path, inserted at its new one.
        case replaced
    }

    /// The changed middle of one surviving section pair.
    @usableFromInline
    struct SectionWork {
        @usableFromInline let oldPosition: Int
        /// Length of the common prefix: the middle starts here in both sections.
        @usableFromInline let start: Int
        /// End of the middle in the new section, and in the old one (the common suffix follows).
        @usableFromInline let newEnd: Int
        @usableFromInline let oldEnd: Int
        /// Per new middle item.
        @usableFromInline var fates: [ItemFate] = []
        /// Per new middle item: its old offset when it comes from this section's old
        /// counterpart, -1 when it is new here, or `-2 - i` when it comes from another surviving
        /// section, whose old path is `crossSources[i]`.
        @usableFromInline var codes: [Int32] = []
        /// The old paths of the items coming from other sections.
        @usableFromInline var crossSources: [ItemPath] = []

        /// The old path of the middle item at `slot`, or nil when it is new here.
        @inlinable
        func oldPath(ofSlot slot: Int) -> ItemPath? {
            let code = Int(codes[slot])
            if code >= 0 { return ItemPath(section: oldPosition, item: code) }
            if code == -1 { return nil }
            return crossSources[-2 - code]
        }

        @inlinable
        init(oldPosition: Int, start: Int, newEnd: Int, oldEnd: Int) {
            self.oldPosition = oldPosition
            self.start = start
            self.newEnd = newEnd
            self.oldEnd = oldEnd
        }
    }

    @inlinable
    mutating func trimSurvivingSections() {
        work = Array(repeating: nil, count: new.sections.count)
        oldMiddleStart = Array(repeating: 0, count: old.sections.count)
        oldMatchedBase = Array(repeating: -1, count: old.sections.count)
        oldMiddleLength = Array(repeating: 0, count: old.sections.count)
        var flagCount = 0
        for position in 0..<new.sections.count where newSurvivor[position] >= 0 {
            let oldPosition = Int(newSurvivor[position])
            let oldItems = old.sectionItems[oldPosition]
            let newItems = new.sectionItems[position]
            if sharesStorage(oldItems, newItems) { continue }
            let shorter = min(oldItems.count, newItems.count)
            var start = 0
            while start < shorter, oldItems[start] == newItems[start] { start += 1 }
            if start == oldItems.count, start == newItems.count { continue }
            var suffix = 0
            while suffix < shorter - start,
                oldItems[oldItems.count - 1 - suffix] == newItems[newItems.count - 1 - suffix]
            {
                suffix += 1
            }
            let section = SectionWork(
                oldPosition: oldPosition,
                start: start,
                newEnd: newItems.count - suffix,
                oldEnd: oldItems.count - suffix
            )
            work[position] = section
            oldMiddleStart[oldPosition] = start
            oldMatchedBase[oldPosition] = flagCount
            oldMiddleLength[oldPosition] = section.oldEnd - start
            flagCount += section.oldEnd - start
        }
        oldMatched = [Bool](repeating: false, count: flagCount)
    }

    /// The index in `oldMatched` of the old item at `offset` of old section `position`.
    @inlinable
    func matchedFlagIndex(oldPosition: Int, offset: Int) -> Int {
        oldMatchedBase[oldPosition] + offset - oldMiddleStart[oldPosition]
    }

    @inlinable
    mutating func matchItems() {
        for position in 0..<work.count {
            guard var section = work[position] else { continue }
            work[position] = nil
            matchItems(of: &section, atNewPosition: position)
            work[position] = section
        }
    }

    @inlinable
    mutating func matchItems(of section: inout SectionWork, atNewPosition position: Int) {
        let middleCount = section.newEnd - section.start
        var fates = [ItemFate](repeating: .inserted, count: middleCount)
        var codes = [Int32](repeating: -1, count: middleCount)
        var crossSources: [ItemPath] = []
        if let table = old.itemLocations.storage {
            let ownOldPosition = section.oldPosition
            let start = section.start
            new.sectionItems[position].withUnsafeBufferPointer { newItems in
            old.positionOfKey.withUnsafeBufferPointer { positionOfKey in
            oldSurvivor.withUnsafeBufferPointer { oldSurvivor in
            oldMatchedBase.withUnsafeBufferPointer { matchedBase in
            oldMiddleStart.withUnsafeBufferPointer { middleStart in
            oldMatched.withUnsafeMutableBufferPointer { matched in
            fates.withUnsafeMutableBufferPointer { fates in
            codes.withUnsafeMutableBufferPointer { codes in
                for slot in 0..<middleCount {
                    let bucket = table.find(newItems[start &+ slot])
                    guard bucket >= 0 else { continue }
                    let location = table.location(at: bucket)
                    let oldPosition = Int(positionOfKey[Int(location.sectionKey)])
                    let offset = Int(location.offset)
                    if oldPosition == ownOldPosition {
                        fates[slot] = .kept
                        codes[slot] = Int32(truncatingIfNeeded: offset)
                    } else if oldSurvivor[oldPosition] >= 0 {
                        fates[slot] = .movedAcross
                        codes[slot] = Int32(truncatingIfNeeded: -2 &- crossSources.count)
                        crossSources.append(ItemPath(section: oldPosition, item: offset))
                    } else {
                        continue
                    }
                    matched[matchedBase[oldPosition] &+ offset &- middleStart[oldPosition]] = true
                }
            }}}}}}}}
        }
        forEachOutsideLongestIncreasingSubsequence(codes) { fates[$0] = .movedWithin }
        section.fates = fates
        section.codes = codes
        section.crossSources = crossSources
    }

    /// The fate and old path of the new item at `offset` of surviving new section `position`.
    @inlinable
    func fate(ofNewItemAt offset: Int, inSection position: Int) -> (ItemFate, oldPath: ItemPath?) {
        let oldPosition = Int(newSurvivor[position])
        guard let section = work[position] else {
            return (.kept, ItemPath(section: oldPosition, item: offset))
        }
        if offset < section.start {
            return (.kept, ItemPath(section: oldPosition, item: offset))
        }
        if offset >= section.newEnd {
            return (.kept, ItemPath(section: oldPosition, item: offset - section.newEnd + section.oldEnd))
        }
        let slot = offset - section.start
        return (section.fates[slot], section.oldPath(ofSlot: slot))
    }

    @inlinable
    mutating func applyItemMarks() {
        for item in new.reloadedItems {
            let location = new.itemLocations[item]!
            let position = Int(new.positionOfKey[Int(location.sectionKey)])
            guard newSurvivor[position] >= 0 else { continue }
            let offset = Int(location.offset)
            let (fate, oldPath) = fate(ofNewItemAt: offset, inSection: position)
            switch fate {
            case .kept:
                update.itemReloads.append(oldPath!)
            case .movedWithin, .movedAcross:
                let slot = offset - work[position]!.start
                work[position]!.fates[slot] = .replaced
                oldMatched[matchedFlagIndex(oldPosition: oldPath!.section, offset: oldPath!.item)] = false
            case .inserted, .replaced:
                break
            }
        }
        for item in new.reconfiguredItems where !new.reloadedItems.contains(item) {
            let location = new.itemLocations[item]!
            let position = Int(new.positionOfKey[Int(location.sectionKey)])
            guard newSurvivor[position] >= 0 else { continue }
            let offset = Int(location.offset)
            switch fate(ofNewItemAt: offset, inSection: position).0 {
            case .kept, .movedWithin, .movedAcross:
                update.itemReconfigures.append(ItemPath(section: position, item: offset))
            case .inserted, .replaced:
                break
            }
        }
        update.itemReloads.sort()
        update.itemReconfigures.sort()
    }

    @inlinable
    mutating func emitItemOperations() {
        for oldPosition in 0..<oldMatchedBase.count where oldMatchedBase[oldPosition] >= 0 {
            let base = oldMatchedBase[oldPosition]
            let start = oldMiddleStart[oldPosition]
            let end = base + oldMiddleLength[oldPosition]
            for flag in base..<end where !oldMatched[flag] {
                update.itemDeletes.append(ItemPath(section: oldPosition, item: start + flag - base))
            }
        }
        for position in 0..<work.count {
            guard let section = work[position] else { continue }
            for slot in 0..<section.fates.count {
                let newPath = ItemPath(section: position, item: section.start + slot)
                switch section.fates[slot] {
                case .kept:
                    break
                case .inserted, .replaced:
                    update.itemInserts.append(newPath)
                case .movedWithin, .movedAcross:
                    update.itemMoves.append(BatchUpdate.Move(from: section.oldPath(ofSlot: slot)!, to: newPath))
                }
            }
        }
        update.itemMoves.sort { $0.from < $1.from }
    }
}

/// Whether two arrays are the same storage (and so certainly equal), in O(1).
@inlinable
func sharesStorage<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.isEmpty { return true }
    return lhs.withUnsafeBufferPointer { lhs in
        rhs.withUnsafeBufferPointer { rhs in lhs.baseAddress == rhs.baseAddress }
    }
}
