extension SnapshotDiffer {
    /// Hashes each single item of every middle once, against the old snapshot's index.
    ///
    /// First every single item is looked up (``findSingles(_:count:)``), then the matches are
    /// recorded section by section, in new order.
    @inlinable
    mutating func matchItems() {
        // With no old item left to match, every single item is new.
        guard !oldMatched.isEmpty else { return }
        var singleCount = 0
        for case let section? in work {
            for run in section.singleRuns { singleCount &+= run.ranks.count }
        }
        guard singleCount > 0 else { return }
        let found = scratch.column(repeating: ItemSlot.none.rawValue, count: singleCount)
        findSingles(found, count: singleCount)
        var base = 0
        for position in 0..<work.count {
            guard var section = work[position] else { continue }
            work[position] = nil
            recordMatches(UnsafeBufferPointer(rebasing: found[base...]), in: &section)
            for run in section.singleRuns { base &+= run.ranks.count }
            work[position] = section
        }
    }

    /// Records where the single items of `section` come from, given their old slots in `found`
    /// (by single number from the section's first), and flags the old items they match.
    @inlinable
    func recordMatches(_ found: UnsafeBufferPointer<UInt32>, in section: inout SectionWork) {
        let ownOldPosition = section.oldPosition
        let codes = section.codes
        let fates = section.fates
        let flags = section.flags
        var crossSources = section.crossSources
        oldLeafByNumber.withUnsafeBufferPointer { leafByNumber in
        oldLeafPlaces.withUnsafeBufferPointer { places in
        oldRankTables.withUnsafeBufferPointer { rankTables in
            var single = 0
            for run in section.singleRuns {
                for offset in 0..<run.ranks.count {
                    let slot = ItemSlot(rawValue: found[single &+ offset])
                    guard slot != .none else { continue }
                    let record: Int
                    if leafByNumber.isEmpty {
                        guard let sparse = oldLeafByNumberSparse[slot.leaf] else { continue }
                        record = Int(sparse)
                    } else {
                        record = Int(leafByNumber[Int(slot.leaf)])
                        guard record >= 0 else { continue }
                    }
                    let source = places[record]
                    let leafRank = source.rankTable < 0 ? slot.slot : Int(rankTables[Int(source.rankTable) &+ slot.slot])
                    let offsetInSection = source.start &+ leafRank
                    let oldPosition = Int(source.oldPosition)
                    // Only old items of a middle are still to be matched; the rest are kept.
                    guard offsetInSection >= oldMiddleStart[oldPosition], offsetInSection < oldMiddleEnd[oldPosition] else { continue }
                    let unit = run.firstUnit &+ offset
                    if oldPosition == ownOldPosition {
                        codes[unit] = Int32(truncatingIfNeeded: offsetInSection)
                        fates[unit] = .kept
                    } else if oldSurvivor[oldPosition] >= 0 {
                        codes[unit] = Int32(truncatingIfNeeded: -2 &- crossSources.count)
                        fates[unit] = .movedAcross
                        crossSources.append(ItemPath(section: oldPosition, item: offsetInSection))
                    } else {
                        continue
                    }
                    let flag = source.flagBase &+ leafRank
                    flags[unit] = Int32(truncatingIfNeeded: flag)
                    oldMatched[flag] = true
                }
                single &+= run.ranks.count
            }
        }}}
        section.crossSources = crossSources
    }

    /// Writes the old slot of every single item (or leaves ``ItemSlot/none``) into `found`, by
    /// single number: the single items of all sections, in new order.
    ///
    /// When the singles are a good part of the new snapshot and its index is one flat table
    /// larger than a core's cache (two large snapshots built apart, say), the new table is
    /// walked in bucket order and each item
    /// looked up in the old one. A hash picks its bucket by its high bits in both tables, so the
    /// lookups move through the old table in order too: both tables stream through the cache
    /// instead of costing a miss per item. Otherwise the singles are looked up in new order, a
    /// batch at a time.
    @inlinable
    func findSingles(_ found: UnsafeMutableBufferPointer<UInt32>, count singleCount: Int) {
        if let newTable = new.storage.index.table, new.storage.index.overlay.isEmpty,
            singleCount &* 8 >= newTable.bucketCount, newTable.bucketCount &* ItemTable<ItemIdentifierType>.stride > 1 << 20
        {
            findSinglesByWalking(newTable, found)
        } else {
            findSinglesInOrder(found)
        }
    }

    /// ``findSingles(_:count:)`` in new order.
    @inlinable
    func findSinglesInOrder(_ found: UnsafeMutableBufferPointer<UInt32>) {
        let index = old.storage.index
        let batch = ItemTable<ItemIdentifierType>.batch
        let seed = itemTableSeed
        var base = 0
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * batch) { scratch in
            let hashes = UnsafeMutableBufferPointer(rebasing: scratch[0..<batch])
            let ideals = UnsafeMutableBufferPointer(rebasing: scratch[batch..<(2 * batch)])
            let firsts = UnsafeMutableBufferPointer(rebasing: scratch[(2 * batch)...])
            for case let section? in work {
                for run in section.singleRuns {
                    run.leaf.items.withUnsafeBufferPointer { items in
                        var rank = run.ranks.lowerBound
                        while rank < run.ranks.upperBound {
                            let count = min(batch, run.ranks.upperBound &- rank)
                            for offset in 0..<count { hashes[offset] = itemTableHash(items[rank &+ offset], seed: seed) }
                            index.table?.touch(hashes, ideals, firsts, count: count)
                            for offset in 0..<count {
                                let item = items[rank &+ offset]
                                if let slot = index.find(item, hash: hashes[offset], bucket: ideals[offset], first: firsts[offset]) {
                                    found[base &+ rank &- run.ranks.lowerBound &+ offset] = slot.rawValue
                                }
                            }
                            rank &+= count
                        }
                    }
                    base &+= run.ranks.count
                }
            }
        }
    }

    /// One new leaf's single items, for the walk of the new table: the single number of its
    /// first rank minus that rank, its single ranks, and where its offsets by slot start in the
    /// walk's rank tables (-1 when its slots are its offsets).
    @usableFromInline
    struct WalkedLeaf {
        @usableFromInline let base: Int
        @usableFromInline let lower: Int32
        @usableFromInline let upper: Int32
        @usableFromInline let rankTable: Int32

        @inlinable
        init(base: Int, lower: Int32, upper: Int32, rankTable: Int32) {
            self.base = base
            self.lower = lower
            self.upper = upper
            self.rankTable = rankTable
        }
    }

    /// ``findSingles(_:count:)`` in the bucket order of `newTable`, the new snapshot's whole index.
    @inlinable
    func findSinglesByWalking(_ newTable: ItemTable<ItemIdentifierType>, _ found: UnsafeMutableBufferPointer<UInt32>) {
        var leafRecord = [Int32](repeating: -1, count: new.storage.directory.count)
        var leaves: [WalkedLeaf] = []
        var rankTables: [UInt8] = []
        var base = 0
        for case let section? in work {
            for run in section.singleRuns {
                var rankTable: Int32 = -1
                if !run.leaf.slotsAreRanks {
                    rankTable = Int32(truncatingIfNeeded: rankTables.count)
                    rankTables.append(contentsOf: run.leaf.rankOfSlot)
                }
                assert(leafRecord[Int(run.leaf.id)] < 0, "a new leaf has one run of single items at most")
                leafRecord[Int(run.leaf.id)] = Int32(truncatingIfNeeded: leaves.count)
                leaves.append(WalkedLeaf(
                    base: base &- run.ranks.lowerBound, lower: Int32(truncatingIfNeeded: run.ranks.lowerBound),
                    upper: Int32(truncatingIfNeeded: run.ranks.upperBound), rankTable: rankTable))
                base &+= run.ranks.count
            }
        }
        let index = old.storage.index
        let seed = itemTableSeed
        leafRecord.withUnsafeBufferPointer { leafRecord in
        leaves.withUnsafeBufferPointer { leaves in
        rankTables.withUnsafeBufferPointer { rankTables in
            for bucket in 0..<newTable.bucketCount {
                let slot = newTable.slot(at: bucket)
                guard slot != .none else { continue }
                let record = leafRecord[Int(slot.leaf)]
                guard record >= 0 else { continue }
                let leaf = leaves[Int(record)]
                let rank = leaf.rankTable < 0 ? Int32(truncatingIfNeeded: slot.slot) : Int32(rankTables[Int(leaf.rankTable) &+ slot.slot])
                guard rank >= leaf.lower, rank < leaf.upper else { continue }
                let key = newTable.keyPointer(bucket).pointee
                if let oldSlot = index.find(key, hash: itemTableHash(key, seed: seed)) {
                    found[leaf.base &+ Int(rank)] = oldSlot.rawValue
                }
            }
        }}}
    }

    /// Decides, per section, which units stay and which move.
    @inlinable
    func chooseMoves() {
        for case let section? in work {
            if section.hasRuns {
                forEachOutsideHeaviestIncreasingSubsequence(
                    section.unitCodes, weights: UnsafeBufferPointer(rebasing: section.weights[..<section.unitCount])
                ) { section.fates[$0] = .movedWithin }
            } else {
                forEachOutsideLongestIncreasingSubsequence(section.unitCodes) { section.fates[$0] = .movedWithin }
            }
        }
    }

    /// The fate and old path of the new item at `offset` of surviving new section `position`,
    /// and its unit when it lies in a middle.
    @inlinable
    func fate(ofNewItemAt offset: Int, inSection position: Int) -> (ItemFate, oldPath: ItemPath?, unit: Int?) {
        let oldPosition = Int(newSurvivor[position])
        guard let section = work[position], offset >= section.start else {
            return (.kept, ItemPath(section: oldPosition, item: offset), nil)
        }
        if offset >= section.newEnd {
            return (.kept, ItemPath(section: oldPosition, item: offset &- section.newEnd &+ section.oldEnd), nil)
        }
        let (unit, unitStart) = section.unit(atNewOffset: offset)
        let code = Int(section.codes[unit])
        let oldPath: ItemPath?
        if section.isRun(unit) {
            oldPath = ItemPath(section: oldPosition, item: code &+ offset &- unitStart)
        } else if code >= 0 {
            oldPath = ItemPath(section: oldPosition, item: code)
        } else if code == -1 {
            oldPath = nil
        } else {
            oldPath = section.crossSources[-2 &- code]
        }
        return (section.fates[unit], oldPath, unit)
    }

    @inlinable
    mutating func applyItemMarks() {
        for item in new.reloadedItems {
            let (key, offset) = new.storage.location(of: new.storage.index[item].unsafelyUnwrapped)
            let position = Int(new.positionOfKey[Int(key)])
            guard newSurvivor[position] >= 0 else { continue }
            let (fate, oldPath, unit) = fate(ofNewItemAt: offset, inSection: position)
            switch fate {
            case .kept:
                update.itemReloads.append(oldPath.unsafelyUnwrapped)
            case .movedWithin, .movedAcross:
                let unit = unit.unsafelyUnwrapped
                if work[position].unsafelyUnwrapped.isRun(unit) {
                    // One item of a moving run: it goes out at its old path and in at its new one.
                    replacedRunItems.insert(ItemPath(section: position, item: offset))
                    update.itemDeletes.append(oldPath.unsafelyUnwrapped)
                    update.itemInserts.append(ItemPath(section: position, item: offset))
                } else {
                    work[position]!.fates[unit] = .replaced
                    oldMatched[Int(work[position].unsafelyUnwrapped.flags[unit])] = false
                }
            case .inserted, .replaced:
                break
            }
        }
        for item in new.reconfiguredItems where !new.reloadedItems.contains(item) {
            let (key, offset) = new.storage.location(of: new.storage.index[item].unsafelyUnwrapped)
            let position = Int(new.positionOfKey[Int(key)])
            guard newSurvivor[position] >= 0 else { continue }
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
        let replacedFirst = !replacedRunItems.isEmpty
        for record in oldLeaves {
            let place = record.place
            let oldPosition = Int(place.oldPosition)
            // The leaf's ranks within the middle of its old section.
            let lower = max(0, oldMiddleStart[oldPosition] &- place.start)
            let upper = min(record.leaf.count, oldMiddleEnd[oldPosition] &- place.start)
            guard lower < upper else { continue }
            for rank in lower..<upper where !oldMatched[place.flagBase &+ rank] {
                update.itemDeletes.append(ItemPath(section: oldPosition, item: place.start &+ rank))
            }
        }
        for position in 0..<work.count {
            guard let section = work[position] else { continue }
            for unit in 0..<section.unitCount {
                let fate = section.fates[unit]
                // Most units stay: one well-predicted test skips them, where the switch below
                // would jump through a table.
                if fate == .kept { continue }
                let unitStart = section.hasRuns ? Int(section.unitStarts[unit]) : section.start &+ unit
                switch fate {
                case .kept:
                    break
                case .inserted, .replaced:
                    update.itemInserts.append(ItemPath(section: position, item: unitStart))
                case .movedAcross:
                    let from = section.crossSources[-2 &- Int(section.codes[unit])]
                    update.itemMoves.append(BatchUpdate.Move(from: from, to: ItemPath(section: position, item: unitStart)))
                case .movedWithin:
                    let oldStart = Int(section.codes[unit])
                    let count = section.hasRuns ? Int(section.weights[unit]) : 1
                    for item in 0..<count {
                        let to = ItemPath(section: position, item: unitStart &+ item)
                        if replacedFirst && replacedRunItems.contains(to) { continue }
                        update.itemMoves.append(BatchUpdate.Move(from: ItemPath(section: section.oldPosition, item: oldStart &+ item), to: to))
                    }
                }
            }
        }
        if replacedFirst {
            update.itemDeletes.sort()
            update.itemInserts.sort()
        }
        update.itemMoves.sort { $0.from < $1.from }
    }
}

extension SnapshotDiffer.SectionWork {
    /// Whether `unit` is a run of items that stay together, rather than a single item.
    @inlinable
    func isRun(_ unit: Int) -> Bool {
        hasRuns && runs[unit]
    }
}
