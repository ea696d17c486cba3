extension SnapshotDiffer {
    @usableFromInline
    enum ItemFate: UInt8, BitwiseCopyable {
        case inserted, kept, movedWithin, movedAcross
        /// Moved and marked for reload: deleted at its old path, inserted at its new one.
        case replaced
    }

    /// An old leaf that differs from the new snapshot and reaches into the middle of its section.
    @usableFromInline
    struct OldLeaf {
        @usableFromInline let leaf: Leaf
        @usableFromInline var place: OldLeafPlace

        @inlinable
        init(leaf: Leaf, place: OldLeafPlace) {
            self.leaf = leaf
            self.place = place
        }
    }

    /// Where an old leaf is, without the leaf itself: what matching needs per item.
    @usableFromInline
    struct OldLeafPlace {
        /// The offset of the leaf's first item in its section.
        @usableFromInline let start: Int
        /// Where the leaf's matched flags start in `oldMatched`.
        @usableFromInline let flagBase: Int
        @usableFromInline let oldPosition: Int32
        /// Where the leaf's offsets by slot start in `oldRankTables`, or -1 when its slots are
        /// its offsets.
        @usableFromInline var rankTable: Int32 = -1

        @inlinable
        init(start: Int, flagBase: Int, oldPosition: Int) {
            self.start = start
            self.flagBase = flagBase
            self.oldPosition = Int32(truncatingIfNeeded: oldPosition)
        }
    }

    /// Items of one new leaf, by offset range in the leaf, to be matched against the old
    /// snapshot one by one, as units from `firstUnit` on.
    @usableFromInline
    struct SingleRun {
        @usableFromInline let leaf: Leaf
        @usableFromInline let ranks: Range<Int>
        @usableFromInline let firstUnit: Int

        @inlinable
        init(leaf: Leaf, ranks: Range<Int>, firstUnit: Int) {
            self.leaf = leaf
            self.ranks = ranks
            self.firstUnit = firstUnit
        }
    }

    /// The changed middle of one surviving section pair, as units in new order: runs of items
    /// that stay together (shared subtrees, the common ends of a leaf and its old copy) and
    /// single items.
    ///
    /// Its columns live in the diff's ``DiffScratch``, sized for the most units the middle can
    /// hold (one per item).
    @usableFromInline
    struct SectionWork {
        @usableFromInline let oldPosition: Int
        /// Length of the common prefix: the middle starts here in both sections.
        @usableFromInline let start: Int
        /// End of the middle in the new section, and in the old one (the common suffix follows).
        @usableFromInline let newEnd: Int
        @usableFromInline let oldEnd: Int
        /// Whether some unit is a run (then `runs`, `weights` and `unitStarts` are filled).
        @usableFromInline let hasRuns: Bool
        @usableFromInline var unitCount = 0
        /// Per unit: for a run, the old offset of its first item; for a single item, its old
        /// offset when it comes from this section's old counterpart, -1 when it is new here, or
        /// `-2 - i` when it comes from another surviving section, whose old path is
        /// `crossSources[i]`.
        @usableFromInline let codes: UnsafeMutableBufferPointer<Int32>
        /// Per unit: kept (a run, or a single item matched in this section's old counterpart),
        /// inserted (a single item not matched), moved across (matched in another section); then
        /// ``SnapshotDiffer/chooseMoves()`` marks the kept ones that move within the section.
        @usableFromInline let fates: UnsafeMutableBufferPointer<ItemFate>
        /// Per unit: the index in `oldMatched` of the old item a single item matched, or -1.
        @usableFromInline let flags: UnsafeMutableBufferPointer<Int32>
        /// Per unit, when there are runs: whether it is one, its number of items, and the new
        /// offset of its first.
        @usableFromInline let runs: UnsafeMutableBufferPointer<Bool>
        @usableFromInline let weights: UnsafeMutableBufferPointer<Int32>
        @usableFromInline let unitStarts: UnsafeMutableBufferPointer<Int32>
        @usableFromInline var singleRuns: [SingleRun] = []
        /// The old paths of the items coming from other sections.
        @usableFromInline var crossSources: [ItemPath] = []
        /// Whether the single items were all matched in step with the old middle.
        @usableFromInline var singlesMatched = false

        @inlinable
        init(oldPosition: Int, start: Int, newEnd: Int, oldEnd: Int, hasRuns: Bool, scratch: DiffScratch) {
            self.oldPosition = oldPosition
            self.start = start
            self.newEnd = newEnd
            self.oldEnd = oldEnd
            self.hasRuns = hasRuns
            let capacity = newEnd &- start
            codes = scratch.column(of: Int32.self, count: capacity)
            fates = scratch.column(of: ItemFate.self, count: capacity)
            flags = scratch.column(of: Int32.self, count: capacity)
            let runCapacity = hasRuns ? capacity : 0
            runs = scratch.column(of: Bool.self, count: runCapacity)
            weights = scratch.column(of: Int32.self, count: runCapacity)
            unitStarts = scratch.column(of: Int32.self, count: runCapacity)
        }

        /// The columns a match writes, without the rest.
        @inlinable
        var columns: UnitColumns {
            UnitColumns(oldPosition: oldPosition, codes: codes, fates: fates, flags: flags)
        }

        /// The codes of the units laid out so far.
        @inlinable
        var unitCodes: UnsafeBufferPointer<Int32> {
            UnsafeBufferPointer(rebasing: codes[..<unitCount])
        }

        @inlinable
        mutating func appendRun(newStart: Int, oldStart: Int, count: Int) {
            codes[unitCount] = Int32(truncatingIfNeeded: oldStart)
            fates[unitCount] = .kept
            flags[unitCount] = -1
            runs[unitCount] = true
            weights[unitCount] = Int32(truncatingIfNeeded: count)
            unitStarts[unitCount] = Int32(truncatingIfNeeded: newStart)
            unitCount &+= 1
        }

        @inlinable
        mutating func appendSingles(_ leaf: Leaf, ranks: Range<Int>, newStart: Int) {
            guard !ranks.isEmpty else { return }
            singleRuns.append(SingleRun(leaf: leaf, ranks: ranks, firstUnit: unitCount))
            let units = unitCount..<(unitCount &+ ranks.count)
            UnsafeMutableBufferPointer(rebasing: codes[units]).initialize(repeating: -1)
            UnsafeMutableBufferPointer(rebasing: fates[units]).initialize(repeating: .inserted)
            UnsafeMutableBufferPointer(rebasing: flags[units]).initialize(repeating: -1)
            if hasRuns {
                UnsafeMutableBufferPointer(rebasing: runs[units]).initialize(repeating: false)
                UnsafeMutableBufferPointer(rebasing: weights[units]).initialize(repeating: 1)
                for (offset, unit) in units.enumerated() { unitStarts[unit] = Int32(truncatingIfNeeded: newStart &+ offset) }
            }
            unitCount = units.upperBound
        }

        /// The unit holding new offset `offset` of the middle, and the offset of its first item.
        @inlinable
        func unit(atNewOffset offset: Int) -> (unit: Int, unitStart: Int) {
            guard hasRuns else { return (offset &- start, offset) }
            var low = 0
            var high = unitCount
            while high - low > 1 {
                let middle = (low &+ high) >> 1
                if Int(unitStarts[middle]) <= offset { low = middle } else { high = middle }
            }
            return (low, Int(unitStarts[low]))
        }
    }

    /// What recording a match writes for a unit of a section: its old position, and its code,
    /// fate and matched flag columns (see ``SectionWork``). Plain data, so passing it per item
    /// copies no arrays.
    @usableFromInline
    struct UnitColumns {
        @usableFromInline let oldPosition: Int
        @usableFromInline let codes: UnsafeMutableBufferPointer<Int32>
        @usableFromInline let fates: UnsafeMutableBufferPointer<ItemFate>
        @usableFromInline let flags: UnsafeMutableBufferPointer<Int32>

        @inlinable
        init(oldPosition: Int, codes: UnsafeMutableBufferPointer<Int32>, fates: UnsafeMutableBufferPointer<ItemFate>, flags: UnsafeMutableBufferPointer<Int32>) {
            self.oldPosition = oldPosition
            self.codes = codes
            self.fates = fates
            self.flags = flags
        }
    }

    /// Pairs every surviving section's trees, trims common ends, and lays out the middles as
    /// units; records the old leaves that reach into an old middle.
    @inlinable
    mutating func pairSurvivingSections() {
        work = Array(repeating: nil, count: new.sections.count)
        oldMiddleStart = Array(repeating: 0, count: old.sections.count)
        oldMiddleEnd = Array(repeating: 0, count: old.sections.count)
        for position in 0..<new.sections.count where newSurvivor[position] >= 0 {
            pairSection(atNewPosition: position, oldPosition: Int(newSurvivor[position]))
        }
        oldMatched = scratch.column(repeating: false, count: oldLeaves.last.map { $0.place.flagBase &+ $0.leaf.count } ?? 0)
        for range in pendingMatches {
            for flag in range { oldMatched[flag] = true }
        }
        pendingMatches = []
        // Old sections are paired in new order, so the records come sorted unless sections moved.
        if oldLeaves.indices.dropFirst().contains(where: { Self.precedes(oldLeaves[$0].place, oldLeaves[$0 &- 1].place) }) {
            oldLeaves.sort { Self.precedes($0.place, $1.place) }
        }
        for index in oldLeaves.indices where !oldLeaves[index].leaf.slotsAreRanks {
            oldLeaves[index].place.rankTable = Int32(truncatingIfNeeded: oldRankTables.count)
            oldRankTables.append(contentsOf: oldLeaves[index].leaf.rankOfSlot)
        }
        oldLeafPlaces = oldLeaves.map(\.place)
        if oldLeaves.count > 64 {
            oldLeafByNumber = [Int32](repeating: -1, count: old.storage.directory.count)
            for (index, record) in oldLeaves.enumerated() { oldLeafByNumber[Int(record.leaf.id)] = Int32(truncatingIfNeeded: index) }
        } else {
            for (index, record) in oldLeaves.enumerated() { oldLeafByNumberSparse[record.leaf.id] = Int32(truncatingIfNeeded: index) }
        }
    }

    /// Whether old leaf `place` comes before `other`: by old section, then offset.
    @inlinable
    static func precedes(_ place: OldLeafPlace, _ other: OldLeafPlace) -> Bool {
        (place.oldPosition, place.start) < (other.oldPosition, other.start)
    }

    /// Pairs the trees of new section `position` and old section `oldPosition`, trims their
    /// common ends, and lays out the middle left as units in `work`.
    @inlinable
    mutating func pairSection(atNewPosition position: Int, oldPosition: Int) {
        let oldTree = old.storage.trees[Int(old.sectionKeys[oldPosition])]
        let newTree = new.storage.trees[Int(new.sectionKeys[position])]
        if oldTree.root === newTree.root { return }
        let pairing = TreePairing(old: oldTree.root, new: newTree.root)
        let newCount = newTree.count
        let oldCount = oldTree.count
        let start = Self.commonPrefix(pairing, newCount: newCount, oldCount: oldCount)
        if start == newCount && start == oldCount { return }
        let suffix = Self.commonSuffix(pairing, newCount: newCount, oldCount: oldCount, prefix: start)
        var section = SectionWork(
            oldPosition: oldPosition, start: start, newEnd: newCount &- suffix, oldEnd: oldCount &- suffix,
            hasRuns: pairing.sharesNodes, scratch: scratch)
        oldMiddleStart[oldPosition] = start
        oldMiddleEnd[oldPosition] = section.oldEnd
        let originals = recordOldLeaves(of: pairing, reachingInto: start..<section.oldEnd, oldPosition: oldPosition)
        layOutMiddle(of: pairing, into: &section, originals: originals)
        work[position] = section
    }

    /// An old leaf that reaches into a middle, the offset of its first item in its section and
    /// where its matched flags start: what a new leaf copied from it is compared with.
    @usableFromInline
    typealias CopiedLeaf = (leaf: Leaf, start: Int, flagBase: Int)

    /// Appends the old leaves of `pairing` that reach into old middle `middle` to `oldLeaves`,
    /// giving them matched flags; hands on those a new leaf may be a copy of, by leaf number
    /// (none when the trees share no node).
    @inlinable
    @inline(__always)
    mutating func recordOldLeaves(
        of pairing: TreePairing<ItemIdentifierType>, reachingInto middle: Range<Int>, oldPosition: Int
    ) -> [UInt32: CopiedLeaf] {
        var oldLeafOfNumber: [UInt32: CopiedLeaf] = [:]
        var flagCount = oldLeaves.last.map { $0.place.flagBase &+ $0.leaf.count } ?? 0
        for segment in pairing.oldSegments where segment.end > middle.lowerBound && segment.start < middle.upperBound {
            guard let leaf = segment.leaf else { continue }
            oldLeaves.append(OldLeaf(leaf: leaf, place: OldLeafPlace(start: segment.start, flagBase: flagCount, oldPosition: oldPosition)))
            if pairing.sharesNodes { oldLeafOfNumber[leaf.id] = (leaf, segment.start, flagCount) }
            flagCount &+= leaf.count
        }
        return oldLeafOfNumber
    }

    /// Lays out the new middle of `pairing` as units of `section`: shared subtrees as runs, the
    /// items of the leaves that differ as single items, apart from the common ends of a leaf and
    /// the old leaf in `originals` it was copied from.
    @inlinable
    @inline(__always)
    mutating func layOutMiddle(of pairing: TreePairing<ItemIdentifierType>, into section: inout SectionWork, originals: [UInt32: CopiedLeaf]) {
        let start = section.start
        for segment in pairing.newSegments where segment.end > start && segment.start < section.newEnd {
            guard let leaf = segment.leaf else {
                section.appendRun(newStart: segment.start, oldStart: segment.otherStart, count: segment.count)
                continue
            }
            let ranks = (max(start, segment.start) &- segment.start)..<(min(section.newEnd, segment.end) &- segment.start)
            guard let copied = originals[leaf.id] else {
                section.appendSingles(leaf, ranks: ranks, newStart: segment.start &+ ranks.lowerBound)
                continue
            }
            layOutCopy(leaf, ranks: ranks, leafStart: segment.start, of: copied, into: &section)
        }
    }

    /// Lays out ranks `ranks` of new `leaf` (its first item at new offset `leafStart`), a copy of
    /// old leaf `copied`: their common ends as runs, whose old items are marked matched, and the
    /// items between as single items.
    @inlinable
    @inline(__always)
    mutating func layOutCopy(_ leaf: Leaf, ranks: Range<Int>, leafStart: Int, of copied: CopiedLeaf, into section: inout SectionWork) {
        let oldRanks = (max(section.start, copied.start) &- copied.start)..<(min(section.oldEnd, copied.start &+ copied.leaf.count) &- copied.start)
        var head = 0
        while head < ranks.count, head < oldRanks.count,
            leaf.item(atRank: ranks.lowerBound &+ head) == copied.leaf.item(atRank: oldRanks.lowerBound &+ head)
        {
            head &+= 1
        }
        var tail = 0
        while tail < ranks.count &- head, tail < oldRanks.count &- head,
            leaf.item(atRank: ranks.upperBound &- 1 &- tail) == copied.leaf.item(atRank: oldRanks.upperBound &- 1 &- tail)
        {
            tail &+= 1
        }
        if head > 0 {
            section.appendRun(newStart: leafStart &+ ranks.lowerBound, oldStart: copied.start &+ oldRanks.lowerBound, count: head)
            markMatched(flagBase: copied.flagBase, ranks: oldRanks.lowerBound..<(oldRanks.lowerBound &+ head))
        }
        let singles = (ranks.lowerBound &+ head)..<(ranks.upperBound &- tail)
        section.appendSingles(leaf, ranks: singles, newStart: leafStart &+ singles.lowerBound)
        if tail > 0 {
            section.appendRun(
                newStart: leafStart &+ ranks.upperBound &- tail, oldStart: copied.start &+ oldRanks.upperBound &- tail, count: tail)
            markMatched(flagBase: copied.flagBase, ranks: (oldRanks.upperBound &- tail)..<oldRanks.upperBound)
        }
    }

    /// Records old items matched by a run before `oldMatched` exists: kept aside and applied
    /// once all flags are allocated.
    @inlinable
    mutating func markMatched(flagBase: Int, ranks: Range<Int>) {
        pendingMatches.append((flagBase &+ ranks.lowerBound)..<(flagBase &+ ranks.upperBound))
    }

    /// The length of the common prefix of the two trees: shared runs at the same offsets on both
    /// sides are skipped whole, items of leaves that differ compared by `==`.
    @inlinable
    static func commonPrefix(_ pairing: TreePairing<ItemIdentifierType>, newCount: Int, oldCount: Int) -> Int {
        let limit = min(newCount, oldCount)
        var position = 0
        var newIndex = 0
        var oldIndex = 0
        while position < limit {
            while pairing.newSegments[newIndex].end <= position { newIndex &+= 1 }
            while pairing.oldSegments[oldIndex].end <= position { oldIndex &+= 1 }
            let newSegment = pairing.newSegments[newIndex]
            let oldSegment = pairing.oldSegments[oldIndex]
            guard let newLeaf = newSegment.leaf else {
                guard newSegment.start == position, newSegment.otherStart == position else { break }
                position = newSegment.end
                continue
            }
            guard let oldLeaf = oldSegment.leaf else { break }
            let newRank = position &- newSegment.start
            let oldRank = position &- oldSegment.start
            let run = min(newSegment.end, oldSegment.end) &- position
            var matched = 0
            while matched < run, newLeaf.item(atRank: newRank &+ matched) == oldLeaf.item(atRank: oldRank &+ matched) {
                matched &+= 1
            }
            position &+= matched
            if matched < run { break }
        }
        return position
    }

    /// The length of the common suffix of the two trees, not overlapping a prefix of `prefix`.
    @inlinable
    static func commonSuffix(_ pairing: TreePairing<ItemIdentifierType>, newCount: Int, oldCount: Int, prefix: Int) -> Int {
        let limit = min(newCount, oldCount) &- prefix
        var length = 0
        var newIndex = pairing.newSegments.count &- 1
        var oldIndex = pairing.oldSegments.count &- 1
        while length < limit {
            let newLast = newCount &- 1 &- length
            let oldLast = oldCount &- 1 &- length
            while pairing.newSegments[newIndex].start > newLast { newIndex &-= 1 }
            while pairing.oldSegments[oldIndex].start > oldLast { oldIndex &-= 1 }
            let newSegment = pairing.newSegments[newIndex]
            let oldSegment = pairing.oldSegments[oldIndex]
            guard let newLeaf = newSegment.leaf else {
                guard newSegment.end == newLast &+ 1, newSegment.otherStart &+ newSegment.count == oldLast &+ 1,
                    length &+ newSegment.count <= limit
                else { break }
                length &+= newSegment.count
                continue
            }
            guard let oldLeaf = oldSegment.leaf else { break }
            let newRank = newLast &- newSegment.start
            let oldRank = oldLast &- oldSegment.start
            let run = min(newRank &+ 1, oldRank &+ 1, limit &- length)
            var matched = 0
            while matched < run, newLeaf.item(atRank: newRank &- matched) == oldLeaf.item(atRank: oldRank &- matched) {
                matched &+= 1
            }
            length &+= matched
            if matched < run { break }
        }
        return length
    }
}
