extension SnapshotDiffer {
    /// How many old items from the cursor on a new item is compared with before it counts as out
    /// of step: a few old items deleted in a row are stepped over by `==` alone.
    @inlinable
    static var stepWindow: Int { 4 }

    /// Where the walk of ``matchInStep(_:position:putOff:)`` stands: in the old middle, an old
    /// leaf record, the next rank in it and the end of the leaf's ranks within the middle; and
    /// how far out of step the walk is, and has been.
    @usableFromInline
    struct StepCursor {
        @usableFromInline var record: Int
        @usableFromInline var rank = 0
        @usableFromInline var upper = 0
        /// The records of the section's old leaves end here.
        @usableFromInline let endRecord: Int
        /// How many items in a row were out of step, and whether the cursor jumped to an anchor
        /// since.
        @usableFromInline var misses = 0
        @usableFromInline var moved = false
        /// How many items the walk has gone through, and how many of them were out of step.
        @usableFromInline var walked = 0
        @usableFromInline var outOfStep = 0

        @inlinable
        init(records: Range<Int>) {
            record = records.lowerBound
            endRecord = records.upperBound
        }

        /// Whether the cursor is at an old item.
        @inlinable
        var isAtItem: Bool { rank < upper }

        /// Moves to rank `rank` of record `record`, or to the first rank within the middle after
        /// it.
        @inlinable
        mutating func move(toRecord newRecord: Int, rank newRank: Int, _ records: [OldLeaf], middle: Range<Int>) {
            record = newRecord
            var next = newRank
            while record < endRecord {
                let place = records[record].place
                upper = min(records[record].leaf.count, middle.upperBound &- place.start)
                rank = max(next, middle.lowerBound &- place.start)
                if rank < upper { return }
                record &+= 1
                next = 0
            }
            upper = 0
        }
    }

    /// Why the walk of ``matchInStep(_:position:putOff:)`` left an old leaf: the new run ended,
    /// the cursor left the old leaf (or jumped to another), or too many items were out of step.
    @usableFromInline
    enum StepStop {
        case runEnded, leafLeft, outOfStep
    }

    /// How many items in a row out of step make the walk mark its section's anchors: a run of
    /// inserted items shorter than this costs no more than the items themselves.
    @inlinable
    static var anchorMisses: Int { 16 }

    /// One old item in this many is an anchor.
    @inlinable
    static var anchorSpacing: Int { 32 }

    /// A single item that a walk in step put off, with its hash, its unit and the new position
    /// of its section; ``matchPutOff(_:)`` matches it once every section is walked.
    @usableFromInline
    struct PutOffItem {
        @usableFromInline let item: ItemIdentifierType
        @usableFromInline let hash: Int
        @usableFromInline let unit: Int32
        @usableFromInline let position: Int32

        @inlinable
        init(_ item: ItemIdentifierType, hash: Int, unit: Int, position: Int) {
            self.item = item
            self.hash = hash
            self.unit = Int32(truncatingIfNeeded: unit)
            self.position = Int32(truncatingIfNeeded: position)
        }
    }

    /// The items that the walks in step put off, in the diff's scratch memory (a growing array
    /// came from fresh pages on every diff), with room for every single item of the sections
    /// walked: each is put off at most once.
    @usableFromInline
    struct PutOffList {
        @usableFromInline let start: UnsafeMutablePointer<PutOffItem>
        @usableFromInline let capacity: Int
        @usableFromInline var count = 0

        @inlinable
        init(in scratch: DiffScratch, capacity: Int) {
            start = scratch.memory(for: PutOffItem.self, count: capacity)
            self.capacity = capacity
        }

        @inlinable
        var items: UnsafeBufferPointer<PutOffItem> { UnsafeBufferPointer(start: start, count: count) }

        @inlinable
        mutating func append(_ item: PutOffItem) {
            precondition(count < capacity, "More items were put off than single items walked (an internal error).")
            (start + count).initialize(to: item)
            count &+= 1
        }

        /// Deinitializes the items from `index` on.
        @inlinable
        mutating func removeAll(from index: Int) {
            (start + index).deinitialize(count: count &- index)
            count = index
        }
    }

    /// Matches the single items of `section` (at new position `position`) by walking them in
    /// step with the old middle of the section: a cursor follows the old item after the last one
    /// matched, and each new item is compared by `==` with the few old items at the cursor.
    ///
    /// An item that is not there (inserted, moved, or after a long run of deletes) is out of
    /// step. It is hashed and put off (into `putOff`), and the cursor stays: after an item or two
    /// inserted, the next one is in step again. When several in a row are out of step, the list
    /// has jumped: the items after them are compared with the cursor less and less often (the
    /// 2nd, 4th, 8th, ... out of step). After ``anchorMisses`` in a row the section's anchors are
    /// marked: one old item of the middle in ``anchorSpacing``, in a small table. From then on an
    /// item out of step (the second or later in a row) that is an anchor is matched at once, and
    /// the cursor moves after it: the walk finds its way a few items after a jump.
    ///
    /// A list that mostly keeps its order (the common case: items inserted, deleted or moved
    /// here and there) is then matched in O(*n*) comparisons of neighbouring items and O(*k*)
    /// hashes for the *k* out of step, and needs no index of either snapshot. A list in no
    /// order at all costs about what an index of it does.
    ///
    /// When the new snapshot's index is built and large enough to be walked in bucket order,
    /// which beats lookups in new order for a list in no order, this returns false, with
    /// nothing recorded or put off, once the items out of step outnumber half of those walked by
    /// a thirty-second of the section (at least 2,048); the check runs every 4,096 items. A
    /// stretch shuffled at the start of a long list does not end the walk, and a list in no
    /// order at all ends it within a sixteenth of its items.
    @inlinable
    func matchInStep(_ section: inout SectionWork, position: Int, putOff: inout PutOffList) -> Bool {
        let walk = StepWalk(
            position: position, records: oldRecords(ofSection: section.oldPosition), middle: section.start..<section.oldEnd,
            columns: section.columns, matched: oldMatched, mayGiveUp: walkableNewTable != nil,
            patience: max(4096, section.unitCount / 16))
        let firstPutOff = putOff.count
        var crossSources = section.crossSources
        guard walkInStep(section.singleRuns, walk, crossSources: &crossSources, putOff: &putOff) else {
            undoWalk(of: section, putOff: &putOff, from: firstPutOff)
            return false
        }
        section.crossSources = crossSources
        return true
    }

    /// What a walk of ``matchInStep(_:position:putOff:)`` keeps the same through one section:
    /// the section's new position, its old leaf records and old middle, the columns it writes,
    /// the old items' matched flags, and when it gives up.
    @usableFromInline
    struct StepWalk {
        @usableFromInline let position: Int
        @usableFromInline let records: Range<Int>
        @usableFromInline let middle: Range<Int>
        @usableFromInline let columns: UnitColumns
        @usableFromInline let matched: UnsafeMutableBufferPointer<Bool>
        /// Whether the walk may give up (the new snapshot's index can be walked instead), once
        /// the items out of step exceed half of those walked by half of `patience`: a
        /// thirty-second of the section, so that a stretch shuffled at its start does not end
        /// the walk.
        @usableFromInline let mayGiveUp: Bool
        @usableFromInline let patience: Int
        @usableFromInline let seed = itemTableSeed

        @inlinable
        init(
            position: Int, records: Range<Int>, middle: Range<Int>, columns: UnitColumns,
            matched: UnsafeMutableBufferPointer<Bool>, mayGiveUp: Bool, patience: Int
        ) {
            self.position = position
            self.records = records
            self.middle = middle
            self.columns = columns
            self.matched = matched
            self.mayGiveUp = mayGiveUp
            self.patience = patience
        }

        /// Whether the walk gives up after `walked` items, `outOfStep` of them out of step; it
        /// checks every 4,096 items.
        @inlinable
        @inline(__always)
        func givesUp(walked: Int, outOfStep: Int) -> Bool {
            mayGiveUp && walked & 4095 == 0 && outOfStep > (walked &+ patience) / 2
        }
    }

    /// The records in `oldLeaves` of the old leaves of old section `oldPosition`, found by
    /// bisection: the records are sorted by old section, then offset.
    @inlinable
    @inline(__always)
    func oldRecords(ofSection oldPosition: Int) -> Range<Int> {
        let ownOldPosition = Int32(truncatingIfNeeded: oldPosition)
        var firstRecord = 0
        var high = oldLeaves.count
        while firstRecord < high {
            let middle = (firstRecord &+ high) >> 1
            if oldLeafPlaces[middle].oldPosition < ownOldPosition { firstRecord = middle &+ 1 } else { high = middle }
        }
        var endRecord = firstRecord
        while endRecord < oldLeaves.count, oldLeafPlaces[endRecord].oldPosition == ownOldPosition { endRecord &+= 1 }
        return firstRecord..<endRecord
    }

    /// Walks the single runs `runs` of a section in step with its old middle, one new leaf and
    /// one old leaf at a time (``walkLeaves(_:from:cursor:anchors:crossSources:putOff:_:_:)``);
    /// returns false when the walk gives up.
    @inlinable
    @inline(__always)
    func walkInStep(_ runs: [SingleRun], _ walk: StepWalk, crossSources: inout [ItemPath], putOff: inout PutOffList) -> Bool {
        var cursor = StepCursor(records: walk.records)
        cursor.move(toRecord: walk.records.lowerBound, rank: 0, oldLeaves, middle: walk.middle)
        var anchors: ItemTable<ItemIdentifierType>?
        return withOldSources { sources in
            for run in runs {
                var rank = run.ranks.lowerBound
                while rank < run.ranks.upperBound {
                    let stop = walkLeaves(
                        run, from: &rank, cursor: &cursor, anchors: &anchors, crossSources: &crossSources,
                        putOff: &putOff, walk, sources)
                    switch stop {
                    case .runEnded: break
                    case .leafLeft:
                        if !cursor.isAtItem { cursor.move(toRecord: cursor.record &+ 1, rank: 0, oldLeaves, middle: walk.middle) }
                    case .outOfStep: return false
                    }
                }
            }
            return true
        }
    }

    /// Opens the new leaf of `run` and the old leaf at `cursor` for
    /// ``walkItems(_:_:place:_:from:cursor:anchors:crossSources:putOff:_:_:)``, which walks
    /// them from `rank`; hands on why it stopped.
    @inlinable
    @inline(__always)
    func walkLeaves(
        _ run: SingleRun, from rank: inout Int, cursor: inout StepCursor, anchors: inout ItemTable<ItemIdentifierType>?,
        crossSources: inout [ItemPath], putOff: inout PutOffList, _ walk: StepWalk, _ sources: OldSources
    ) -> StepStop {
        let oldItems = cursor.isAtItem ? oldLeaves[cursor.record].leaf.items : []
        let place = cursor.isAtItem ? oldLeafPlaces[cursor.record] : OldLeafPlace(start: 0, flagBase: 0, oldPosition: 0)
        return run.leaf.items.withUnsafeBufferPointer { newItems in
            oldItems.withUnsafeBufferPointer { oldItems in
                walkItems(
                    newItems, oldItems, place: place, run, from: &rank, cursor: &cursor, anchors: &anchors,
                    crossSources: &crossSources, putOff: &putOff, walk, sources)
            }
        }
    }

    /// Walks the items of `run` from `rank` on in step with `oldItems`, the old leaf at `cursor`
    /// (at `place`), until the run ends, the cursor leaves the old leaf or jumps to an anchor, or
    /// the walk gives up; hands on why, with `rank` and `cursor` moved on.
    ///
    /// The loop is the hot path of a diff and stays whole here, its state in locals; recording
    /// a match in step and dealing with an item out of step are inlined into it.
    @inlinable
    @inline(__always)
    func walkItems(
        _ newItems: UnsafeBufferPointer<ItemIdentifierType>, _ oldItems: UnsafeBufferPointer<ItemIdentifierType>, place: OldLeafPlace,
        _ run: SingleRun, from rank: inout Int, cursor: inout StepCursor, anchors: inout ItemTable<ItemIdentifierType>?,
        crossSources: inout [ItemPath], putOff: inout PutOffList, _ walk: StepWalk, _ sources: OldSources
    ) -> StepStop {
        let unitOfRank = run.firstUnit &- run.ranks.lowerBound
        var at = cursor.rank
        let upper = cursor.upper
        var misses = cursor.misses
        var moved = cursor.moved
        var next = rank
        var walked = cursor.walked
        var outOfStep = cursor.outOfStep
        var stop = StepStop.runEnded
        while next < run.ranks.upperBound {
            let item = newItems[next]
            let unit = unitOfRank &+ next
            next &+= 1
            walked &+= 1
            if walk.givesUp(walked: walked, outOfStep: outOfStep) {
                stop = .outOfStep
                break
            }
            var candidate = at
            // Out of step for a while: compare again after 2, 4, 8, ... misses, or after a jump.
            let reach = misses & (misses &- 1) == 0 || moved ? Self.stepWindow : 0
            let limit = min(upper, candidate &+ reach)
            while candidate < limit, oldItems[candidate] != item { candidate &+= 1 }
            if candidate < limit {
                recordInStep(unit: unit, rank: candidate, of: place, walk)
                at = candidate &+ 1
                misses = 0
                moved = false
                if at == upper {
                    stop = .leafLeft
                    break
                }
                continue
            }
            misses &+= 1
            outOfStep &+= 1
            moved = jumpToAnchorOrPutOff(
                item, unit: unit, misses: misses, anchors: &anchors, cursor: &cursor, crossSources: &crossSources,
                putOff: &putOff, walk, sources)
            if moved {
                // The count of misses stays: in a stretch in no order, an anchor found says
                // little about the next item.
                at = cursor.rank
                stop = .leafLeft
                break
            }
        }
        cursor.rank = at
        cursor.misses = misses
        cursor.moved = moved
        rank = next
        cursor.walked = walked
        cursor.outOfStep = outOfStep
        return stop
    }

    /// Records that the single item of `unit` stays, matched in step with rank `rank` of the old
    /// leaf at `place`, and flags that old item.
    @inlinable
    @inline(__always)
    func recordInStep(unit: Int, rank: Int, of place: OldLeafPlace, _ walk: StepWalk) {
        let flag = place.flagBase &+ rank
        walk.columns.codes[unit] = Int32(truncatingIfNeeded: place.start &+ rank)
        walk.columns.fates[unit] = .kept
        walk.columns.flags[unit] = Int32(truncatingIfNeeded: flag)
        walk.matched[flag] = true
    }

    /// Deals with `item`, of `unit`, out of step `misses` times in a row: marks the section's
    /// anchors once that reaches ``anchorMisses``; when the item is an anchor, records the match
    /// and moves `cursor` after it, otherwise hashes it into `putOff`. Hands on whether the
    /// cursor jumped.
    @inlinable
    @inline(__always)
    func jumpToAnchorOrPutOff(
        _ item: ItemIdentifierType, unit: Int, misses: Int, anchors: inout ItemTable<ItemIdentifierType>?,
        cursor: inout StepCursor, crossSources: inout [ItemPath], putOff: inout PutOffList, _ walk: StepWalk, _ sources: OldSources
    ) -> Bool {
        let hash = itemTableHash(item, seed: walk.seed)
        if misses >= Self.anchorMisses, anchors == nil {
            anchors = makeAnchors(records: walk.records, middle: walk.middle)
        }
        if misses >= 2, let anchors {
            let bucket = anchors.find(item, hash: hash)
            if bucket >= 0 {
                let anchor = anchors.slot(at: bucket)
                _ = recordMatch(
                    record: Int(anchor.leaf), rank: anchor.slot, unit: unit, of: walk.columns, crossSources: &crossSources, sources)
                cursor.move(toRecord: Int(anchor.leaf), rank: anchor.slot &+ 1, oldLeaves, middle: walk.middle)
                return true
            }
        }
        putOff.append(PutOffItem(item, hash: hash, unit: unit, position: walk.position))
        return false
    }

    /// Undoes the walk in step of `section` when it gave up: its single items are unmatched and
    /// inserted again, and the items it put off (from `firstPutOff` on) are dropped.
    @inlinable
    @inline(__always)
    func undoWalk(of section: SectionWork, putOff: inout PutOffList, from firstPutOff: Int) {
        for run in section.singleRuns {
            for unit in run.firstUnit..<(run.firstUnit &+ run.ranks.count) {
                if section.flags[unit] >= 0 { oldMatched[Int(section.flags[unit])] = false }
                section.codes[unit] = -1
                section.fates[unit] = .inserted
                section.flags[unit] = -1
            }
        }
        putOff.removeAll(from: firstPutOff)
    }

    /// The anchors of a section for ``matchInStep(_:position:putOff:)``: the old items of its
    /// middle (in old leaf records `records`) at offsets that are multiples of
    /// ``anchorSpacing`` and not matched yet, by item, each with its record (as the slot's leaf)
    /// and rank.
    @inlinable
    func makeAnchors(records: Range<Int>, middle: Range<Int>) -> ItemTable<ItemIdentifierType> {
        let spacing = Self.anchorSpacing
        // Most items looked up here are not anchors: a sparse table keeps those lookups short.
        let table = ItemTable<ItemIdentifierType>(
            bucketCount: 2 &* ItemTable<ItemIdentifierType>.bucketCount(forCapacity: middle.count / spacing &+ 1))
        let seed = itemTableSeed
        for record in records {
            let place = oldLeafPlaces[record]
            let leaf = oldLeaves[record].leaf
            let upper = min(leaf.count, middle.upperBound &- place.start)
            var rank = max(0, middle.lowerBound &- place.start)
            let remainder = (place.start &+ rank) % spacing
            if remainder != 0 { rank &+= spacing &- remainder }
            while rank < upper {
                if !oldMatched[place.flagBase &+ rank] {
                    let item = leaf.item(atRank: rank)
                    table.place(item, hash: itemTableHash(item, seed: seed), slot: ItemSlot(leaf: UInt32(truncatingIfNeeded: record), slot: rank))
                }
                rank &+= spacing
            }
        }
        return table
    }

    /// Matches the items that the walks in step put off.
    ///
    /// When the old snapshot's index is built (it was looked up or changed since it was built),
    /// the items are looked up in it, a batch at a time: O(*k*) lookups. Otherwise they go into a
    /// table of their own (by the hashes taken when they were put off), which every old item of a
    /// middle still unmatched is then looked up in: O(*k* + *u*) hashes and lookups for *u* old
    /// items unmatched, and a scan of the old items' matched flags, eight at a time. Neither
    /// snapshot's index is built.
    @inlinable
    mutating func matchPutOff(_ putOff: UnsafeBufferPointer<PutOffItem>) {
        guard !putOff.isEmpty else { return }
        var crossSources: [[ItemPath]] = work.map { $0?.crossSources ?? [] }
        if let index = old.storage.index.builtIndex() {
            lookUpPutOff(putOff, in: index, crossSources: &crossSources)
        } else {
            matchPutOff(putOff, crossSources: &crossSources)
        }
        for position in work.indices where work[position] != nil {
            work[position]!.crossSources = crossSources[position]
        }
    }

    /// ``matchPutOff(_:)`` by lookups in the old snapshot's built `index`.
    @inlinable
    func lookUpPutOff(_ putOff: UnsafeBufferPointer<PutOffItem>, in index: ItemIndex<ItemIdentifierType>, crossSources: inout [[ItemPath]]) {
        let columns: [UnitColumns?] = work.map { $0?.columns }
        withOldSources { sources in
            Self.lookUp(in: index, count: putOff.count, hash: { number, _ in putOff[number].hash }, item: { putOff[$0].item }) { number, slot in
                let position = Int(putOff[number].position)
                _ = recordMatch(
                    slot, unit: Int(putOff[number].unit), of: columns[position].unsafelyUnwrapped,
                    crossSources: &crossSources[position], sources)
            }
        }
    }

    /// ``matchPutOff(_:)`` by a table of the items put off, with the sections' cross sources, by
    /// new position, apart.
    @inlinable
    func matchPutOff(_ putOff: UnsafeBufferPointer<PutOffItem>, crossSources: inout [[ItemPath]]) {
        let table = ItemTable<ItemIdentifierType>(bucketCount: ItemTable<ItemIdentifierType>.bucketCount(forCapacity: putOff.count))
        _ = table.insertNew(
            count: putOff.count, hash: { putOff[$0].hash }, key: { putOff[$0].item },
            slot: { ItemSlot(rawValue: UInt32(truncatingIfNeeded: $0)) }, distinct: true)
        // Most old items left unmatched were deleted and match nothing. A bitmap of 8 to 16 bits
        // per item put off, one set for each by its hash, stays in a core's first-level cache
        // and turns most of them away before they probe the table (about one in ten gets
        // through for nothing).
        var bits = 64
        while bits < 8 &* putOff.count { bits &<<= 1 }
        let bitMask = bits &- 1
        let filter = scratch.column(repeating: UInt64(0), count: bits >> 6)
        for item in putOff {
            let bit = item.hash & bitMask
            filter[bit >> 6] |= 1 &<< UInt64(bit & 63)
        }
        // Every old item of a middle still unmatched is looked up, found by the matched flags.
        let columns: [UnitColumns?] = work.map { $0?.columns }
        let matched = UnsafeRawBufferPointer(oldMatched)
        let seed = itemTableSeed
        withOldSources { sources in
            forEachOldMiddle { record, flags in
                let base = oldLeafPlaces[record].flagBase
                oldLeaves[record].leaf.items.withUnsafeBufferPointer { leafItems in
                    forEachIndex(in: flags, of: matched, notEqualTo: 1) { flag in
                        let rank = flag &- base
                        let item = leafItems[rank]
                        let hash = itemTableHash(item, seed: seed)
                        let bit = hash & bitMask
                        guard filter[bit >> 6] & (1 &<< UInt64(bit & 63)) != 0 else { return }
                        let bucket = table.find(item, hash: hash)
                        guard bucket >= 0 else { return }
                        let found = putOff[Int(table.slot(at: bucket).rawValue)]
                        let newPosition = Int(found.position)
                        _ = recordMatch(
                            record: record, rank: rank, unit: Int(found.unit), of: columns[newPosition].unsafelyUnwrapped,
                            crossSources: &crossSources[newPosition], sources)
                    }
                }
            }
        }
    }
}

