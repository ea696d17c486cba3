extension SnapshotDiffer {
    /// How many old items from the cursor on a new item is compared with before it counts as out
    /// of step: a few old items deleted in a row are stepped over by `==` alone.
    @inlinable
    static var stepWindow: Int { 4 }

    /// Where the walk of ``matchInStep(_:)`` stands: in the old middle, an old leaf record, the
    /// next rank in it and the end of the leaf's ranks within the middle; how far out of step
    /// the walk is; and the items it put off for a batch of lookups.
    @usableFromInline
    struct StepCursor {
        @usableFromInline var record: Int
        @usableFromInline var rank = 0
        @usableFromInline var upper = 0
        /// The records of the section's old leaves end here.
        @usableFromInline let endRecord: Int
        /// How many items in a row were out of step, and whether the cursor moved since.
        @usableFromInline var misses = 0
        @usableFromInline var moved = false
        /// The items put off, to be looked up in a batch, and their units.
        @usableFromInline var laterUnits: [Int32] = []
        @usableFromInline var laterItems: [ItemIdentifierType] = []

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

    /// Why the walk of ``matchInStep(_:)`` left an old leaf: the new run ended, the cursor left
    /// the old leaf, or too many items were out of step.
    @usableFromInline
    enum StepStop {
        case runEnded, leafLeft, outOfStep
    }

    /// Matches the single items of `section` by walking them in step with the old middle of the
    /// section: a cursor follows the old item after the last one matched, and each new item is
    /// compared by `==` with the few old items at the cursor.
    ///
    /// An item that is not there (inserted, moved, or after a long run of deletes) is out of
    /// step. It is put off and looked up later, a batch at a time (``lookUpInOld(count:item:_:)``),
    /// and the cursor stays: after an item or two inserted, the next one is in step again. When
    /// several in a row are out of step, the list has jumped: the items after them are compared
    /// with the cursor less and less often (the 2nd, 4th, 8th, ... out of step), and once the
    /// batch is looked up the cursor moves after the last of them found in this section.
    ///
    /// A list that mostly keeps its order (the common case: items inserted, deleted or moved
    /// here and there) is then matched in O(*n*) comparisons of neighbouring items and O(*k*)
    /// lookups for the *k* out of step, instead of *n* lookups. A list in no order at all costs
    /// about what looking every item up does.
    ///
    /// When the new snapshot's index is large enough to be walked in bucket order, which beats
    /// lookups in new order for a list in no order, this returns false, with nothing recorded,
    /// once the items out of step outnumber half of those walked by a thirty-second of the
    /// section (at least 2,048); the check runs every 4,096 items. A stretch shuffled at the
    /// start of a long list does not end the walk, and a list in no order at all ends it
    /// within a sixteenth of its items.
    @inlinable
    func matchInStep(_ section: inout SectionWork) -> Bool {
        let ownOldPosition = Int32(truncatingIfNeeded: section.oldPosition)
        // `oldLeaves` is sorted by old section, then offset.
        var firstRecord = 0
        var high = oldLeaves.count
        while firstRecord < high {
            let middle = (firstRecord &+ high) >> 1
            if oldLeafPlaces[middle].oldPosition < ownOldPosition { firstRecord = middle &+ 1 } else { high = middle }
        }
        var endRecord = firstRecord
        while endRecord < oldLeaves.count, oldLeafPlaces[endRecord].oldPosition == ownOldPosition { endRecord &+= 1 }
        let middle = section.start..<section.oldEnd
        var cursor = StepCursor(records: firstRecord..<endRecord)
        cursor.move(toRecord: firstRecord, rank: 0, oldLeaves, middle: middle)

        let mayGiveUp = walkableNewTable != nil
        // The walk gives up once the items out of step exceed half of those walked by half of
        // this: a thirty-second of the section, so that a stretch shuffled at its start does not
        // end the walk.
        let patience = max(4096, section.unitCount / 16)
        let window = Self.stepWindow
        let batch = ItemTable<ItemIdentifierType>.batch
        var crossSources = section.crossSources
        let columns = section.columns
        let codes = section.codes
        let fates = section.fates
        let flags = section.flags
        let matched = oldMatched
        cursor.laterUnits.reserveCapacity(batch)
        cursor.laterItems.reserveCapacity(batch)
        let inStep = withOldSources { sources in
            var lookups = 0
            var processed = 0
            for run in section.singleRuns {
                var rank = run.ranks.lowerBound
                let unitOfRank = run.firstUnit &- run.ranks.lowerBound
                while rank < run.ranks.upperBound {
                    let oldItems = cursor.isAtItem ? oldLeaves[cursor.record].leaf.items : []
                    let place = cursor.isAtItem ? oldLeafPlaces[cursor.record] : OldLeafPlace(start: 0, flagBase: 0, oldPosition: 0)
                    let stop: StepStop = run.leaf.items.withUnsafeBufferPointer { newItems in
                        oldItems.withUnsafeBufferPointer { oldItems in
                            // The walk's state in locals while it stays in these two leaves.
                            var at = cursor.rank
                            let upper = cursor.upper
                            var misses = cursor.misses
                            var moved = cursor.moved
                            var next = rank
                            var walked = processed
                            var outOfStep = lookups
                            var stop = StepStop.runEnded
                            while next < run.ranks.upperBound {
                                let item = newItems[next]
                                let unit = unitOfRank &+ next
                                next &+= 1
                                walked &+= 1
                                if mayGiveUp, walked & 4095 == 0, outOfStep > (walked &+ patience) / 2 {
                                    stop = .outOfStep
                                    break
                                }
                                var candidate = at
                                // Out of step for a while: compare again after 2, 4, 8, ... misses.
                                let reach = misses & (misses &- 1) == 0 || moved ? window : 0
                                let limit = min(upper, candidate &+ reach)
                                while candidate < limit, oldItems[candidate] != item { candidate &+= 1 }
                                if candidate < limit {
                                    let flag = place.flagBase &+ candidate
                                    codes[unit] = Int32(truncatingIfNeeded: place.start &+ candidate)
                                    fates[unit] = .kept
                                    flags[unit] = Int32(truncatingIfNeeded: flag)
                                    matched[flag] = true
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
                                moved = false
                                outOfStep &+= 1
                                cursor.laterUnits.append(Int32(truncatingIfNeeded: unit))
                                cursor.laterItems.append(item)
                                if cursor.laterItems.count == batch {
                                    cursor.rank = at
                                    cursor.misses = misses
                                    cursor.moved = moved
                                    if lookUpLater(&cursor, columns, crossSources: &crossSources, sources, middle: middle) {
                                        (at, misses, moved) = (cursor.rank, cursor.misses, cursor.moved)
                                        stop = .leafLeft
                                        break
                                    }
                                }
                            }
                            cursor.rank = at
                            cursor.misses = misses
                            cursor.moved = moved
                            rank = next
                            processed = walked
                            lookups = outOfStep
                            return stop
                        }
                    }
                    switch stop {
                    case .runEnded: break
                    case .leafLeft:
                        if !cursor.isAtItem { cursor.move(toRecord: cursor.record &+ 1, rank: 0, oldLeaves, middle: middle) }
                    case .outOfStep: return false
                    }
                }
            }
            _ = lookUpLater(&cursor, columns, crossSources: &crossSources, sources, middle: middle)
            return true
        }
        guard inStep else {
            for run in section.singleRuns {
                for unit in run.firstUnit..<(run.firstUnit &+ run.ranks.count) {
                    if flags[unit] >= 0 { matched[Int(flags[unit])] = false }
                    codes[unit] = -1
                    fates[unit] = .inserted
                    flags[unit] = -1
                }
            }
            return false
        }
        section.crossSources = crossSources
        return true
    }

    /// Looks up the items that ``matchInStep(_:)`` put off and records them; when the walk is
    /// lost (several items in a row out of step), moves the cursor after the last of them found
    /// in this section and returns true.
    @inlinable
    func lookUpLater(
        _ cursor: inout StepCursor, _ section: UnitColumns, crossSources: inout [ItemPath], _ sources: OldSources, middle: Range<Int>
    ) -> Bool {
        var last: (record: Int, rank: Int)?
        let units = cursor.laterUnits
        let items = cursor.laterItems
        lookUpInOld(count: items.count, item: { items[$0] }) { later, slot in
            if let own = recordMatch(slot, unit: Int(units[later]), of: section, crossSources: &crossSources, sources) {
                last = own
            }
        }
        cursor.laterUnits.removeAll(keepingCapacity: true)
        cursor.laterItems.removeAll(keepingCapacity: true)
        guard cursor.misses >= 2, let last else { return false }
        cursor.move(toRecord: last.record, rank: last.rank &+ 1, oldLeaves, middle: middle)
        cursor.moved = true
        return true
    }
}
