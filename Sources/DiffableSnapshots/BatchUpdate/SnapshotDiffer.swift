/// Computes the batch update between two snapshots (see <doc:BatchUpdateRules>).
///
/// Work is expected linear in what differs between the two snapshots:
/// 1. Sections are matched by identifier; the kept ones are a longest increasing subsequence of
///    old positions, the other common ones move.
/// 2. For each surviving section pair, the two item trees are paired (``TreePairing``): the
///    subtrees they share are runs of items that stay together, skipped by identity; only the
///    leaves that differ are looked into. Sections whose trees are the same cost O(1).
/// 3. What remains is trimmed of its common prefix and suffix by `==`, shared runs that line up
///    at the same offsets included.
/// 4. In the middle, a leaf that differs is compared with the old leaf it was copied from, and
///    their common ends become runs too. The new items left are walked in step with the old
///    middle: each is compared by `==` with the old items after the last one matched, and only
///    those out of step are hashed, a batch at a time, against the old snapshot's index. Old
///    items are never hashed: a matched flag per item of the old leaves that differ finds the
///    deletes.
/// 5. Within a section, the runs and items that stay are an increasing subsequence of old
///    offsets of the greatest weight (a run weighs its length): with single items only, a
///    longest increasing subsequence, solved only between the items that stay for certain.
///    Everything else moves: the fewest moves possible.
/// 6. Reload and reconfigure marks are applied by walking the mark sets, not the items.
@usableFromInline
struct SnapshotDiffer<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    @usableFromInline typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    @usableFromInline typealias Leaf = ItemLeaf<ItemIdentifierType>

    @usableFromInline let old: Snapshot
    @usableFromInline let new: Snapshot
    /// For each new section, the old position of its surviving counterpart, or -1.
    @usableFromInline var newSurvivor: [Int32] = []
    /// For each old section, the new position of its surviving counterpart, or -1.
    @usableFromInline var oldSurvivor: [Int32] = []
    /// For each new section, the item work of its pair, when its items changed.
    @usableFromInline var work: [SectionWork?] = []
    /// For each old section, the middle that the diff looks into: `oldMiddleStart..<oldMiddleEnd`
    /// (empty when its items did not change).
    @usableFromInline var oldMiddleStart: [Int] = []
    @usableFromInline var oldMiddleEnd: [Int] = []
    /// The old leaves that differ and reach into an old middle, by old section and offset.
    @usableFromInline var oldLeaves: [OldLeaf] = []
    /// The places of `oldLeaves`, and the offsets by slot of the old leaves whose slots are not
    /// their offsets, one table after another.
    @usableFromInline var oldLeafPlaces: [OldLeafPlace] = []
    @usableFromInline var oldRankTables: [UInt8] = []
    /// Old leaf number -> index in `oldLeaves`, densely (-1 for none) when many leaves differ...
    @usableFromInline var oldLeafByNumber: [Int32] = []
    /// ...or sparsely when few do.
    @usableFromInline var oldLeafByNumberSparse: [UInt32: Int32] = [:]
    /// A matched flag per item of `oldLeaves`.
    @usableFromInline var oldMatched = UnsafeMutableBufferPointer<Bool>(start: nil, count: 0)
    /// Flags of old items matched by runs, set once `oldMatched` exists.
    @usableFromInline var pendingMatches: [Range<Int>] = []
    /// New paths of items in moved runs that are marked for reload: deleted and inserted
    /// instead of moved.
    @usableFromInline var replacedRunItems: Set<ItemPath> = []
    @usableFromInline var update = BatchUpdate()
    /// The memory of the per-item columns, given back when the diff ends.
    @usableFromInline let scratch = DiffScratch()

    @inlinable
    init(old: Snapshot, new: Snapshot) {
        self.old = old
        self.new = new
    }

    @inlinable
    mutating func batchUpdate() -> BatchUpdate {
        diffSections()
        pairSurvivingSections()
        matchItems()
        chooseMoves()
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

    /// Matches sections by identifier, decides which move, and records the section operations
    /// and the surviving pairs.
    @inlinable
    mutating func diffSections() {
        let (newToOld, oldToNew) = sectionPositions()
        let fates = sectionFates(newToOld: newToOld)
        recordSurvivingSections(fates, newToOld: newToOld)
        recordSectionDeletes(fates, oldToNew: oldToNew)
        // Reloads come out in old order already: reloaded sections are kept ones, which keep
        // their relative order. Moves were collected in new order.
        update.sectionMoves.sort { $0.from < $1.from }
    }

    /// Each new section's old position and each old section's new position, or -1, by
    /// identifier; ``sectionFates(newToOld:)`` takes the first.
    @inlinable
    @inline(__always)
    func sectionPositions() -> (newToOld: [Int32], oldToNew: [Int32]) {
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
        return (newToOld, oldToNew)
    }

    /// The fate of each new section: inserted, kept when it is in the longest increasing
    /// subsequence of old positions, moved otherwise, and reloaded or replaced when marked.
    @inlinable
    @inline(__always)
    func sectionFates(newToOld: [Int32]) -> [SectionFate] {
        var fates = [SectionFate](repeating: .inserted, count: newToOld.count)
        for position in 0..<newToOld.count where newToOld[position] >= 0 {
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
        return fates
    }

    /// Fills `newSurvivor` and `oldSurvivor` with the pairs whose items are diffed, and records
    /// the section inserts, moves and reloads, in new order.
    @inlinable
    @inline(__always)
    mutating func recordSurvivingSections(_ fates: [SectionFate], newToOld: [Int32]) {
        newSurvivor = [Int32](repeating: -1, count: new.sections.count)
        oldSurvivor = [Int32](repeating: -1, count: old.sections.count)
        for position in 0..<fates.count {
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
    }

    /// Records the deletes of the old sections that are gone or replaced, in old order.
    @inlinable
    @inline(__always)
    mutating func recordSectionDeletes(_ fates: [SectionFate], oldToNew: [Int32]) {
        for oldPosition in 0..<oldToNew.count {
            let position = Int(oldToNew[oldPosition])
            if position < 0 || fates[position] == .replaced {
                update.sectionDeletes.append(oldPosition)
            }
        }
    }
}
