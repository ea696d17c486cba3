extension SnapshotDiffer {
    /// Finds where each single item of every middle comes from.
    ///
    /// Each section is first matched in step with its old middle
    /// (``matchInStep(_:position:putOff:)``): most items are found next to where the item before
    /// them was, by `==` alone. The items out of step are then matched all at once against the
    /// old items left unmatched (``matchPutOff(_:)``), without an index of either snapshot. In
    /// the sections whose items moved about too much for that, every single item is looked up
    /// in the old index (``findSingles(_:count:)``), then the matches are recorded section by
    /// section, in new order.
    @inlinable
    mutating func matchItems() {
        // With no old item left to match, every single item is new.
        guard !oldMatched.isEmpty else { return }
        var walked = 0
        for case let section? in work {
            for run in section.singleRuns { walked &+= run.ranks.count }
        }
        var putOff = PutOffList(in: scratch, capacity: walked)
        for position in work.indices {
            guard var section = work[position], !section.singleRuns.isEmpty else { continue }
            work[position] = nil
            section.singlesMatched = matchInStep(&section, position: position, putOff: &putOff)
            work[position] = section
        }
        matchPutOff(putOff.items)
        putOff.removeAll(from: 0)
        var singleCount = 0
        for case let section? in work where !section.singlesMatched {
            for run in section.singleRuns { singleCount &+= run.ranks.count }
        }
        guard singleCount > 0 else { return }
        let found = scratch.column(repeating: ItemSlot.none.rawValue, count: singleCount)
        findSingles(found, count: singleCount)
        var base = 0
        for position in 0..<work.count {
            guard var section = work[position], !section.singlesMatched else { continue }
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
        var crossSources = section.crossSources
        let columns = section.columns
        withOldSources { sources in
            var single = 0
            for run in section.singleRuns {
                for offset in 0..<run.ranks.count {
                    let slot = ItemSlot(rawValue: found[single &+ offset])
                    guard slot != .none else { continue }
                    _ = recordMatch(slot, unit: run.firstUnit &+ offset, of: columns, crossSources: &crossSources, sources)
                }
                single &+= run.ranks.count
            }
        }
        section.crossSources = crossSources
    }

    /// Calls `body` with `oldLeafByNumber`, `oldLeafPlaces` and `oldRankTables` as buffers.
    @inlinable
    func withOldSources<Result>(_ body: (OldSources) -> Result) -> Result {
        oldLeafByNumber.withUnsafeBufferPointer { leafByNumber in
        oldLeafPlaces.withUnsafeBufferPointer { places in
        oldRankTables.withUnsafeBufferPointer { rankTables in
            body(OldSources(leafByNumber: leafByNumber, places: places, rankTables: rankTables))
        }}}
    }

    /// What turns an old slot into an old leaf record and rank: `oldLeafByNumber`,
    /// `oldLeafPlaces` and `oldRankTables` as buffers.
    @usableFromInline
    struct OldSources {
        @usableFromInline let leafByNumber: UnsafeBufferPointer<Int32>
        @usableFromInline let places: UnsafeBufferPointer<OldLeafPlace>
        @usableFromInline let rankTables: UnsafeBufferPointer<UInt8>

        @inlinable
        init(leafByNumber: UnsafeBufferPointer<Int32>, places: UnsafeBufferPointer<OldLeafPlace>, rankTables: UnsafeBufferPointer<UInt8>) {
            self.leafByNumber = leafByNumber
            self.places = places
            self.rankTables = rankTables
        }
    }

    /// Records that the single item of `unit` comes from old slot `slot`, and flags that old
    /// item; returns the old leaf record and rank when the item stays in its section, nil when it
    /// comes from another section or matches nothing still to be matched.
    @inlinable
    @inline(__always)
    func recordMatch(
        _ slot: ItemSlot, unit: Int, of section: UnitColumns, crossSources: inout [ItemPath], _ sources: OldSources
    ) -> (record: Int, rank: Int)? {
        let record: Int
        if sources.leafByNumber.isEmpty {
            guard let sparse = oldLeafByNumberSparse[slot.leaf] else { return nil }
            record = Int(sparse)
        } else {
            record = Int(sources.leafByNumber[Int(slot.leaf)])
            guard record >= 0 else { return nil }
        }
        let rankTable = sources.places[record].rankTable
        let leafRank = rankTable < 0 ? slot.slot : Int(sources.rankTables[Int(rankTable) &+ slot.slot])
        return recordMatch(record: record, rank: leafRank, unit: unit, of: section, crossSources: &crossSources, sources)
    }

    /// Records that the single item of `unit` comes from rank `leafRank` of old leaf record
    /// `record`, and flags that old item; returns the record and rank when the item stays in
    /// its section, nil when it comes from another section or matches nothing still to be
    /// matched.
    @inlinable
    @inline(__always)
    func recordMatch(
        record: Int, rank leafRank: Int, unit: Int, of section: UnitColumns, crossSources: inout [ItemPath], _ sources: OldSources
    ) -> (record: Int, rank: Int)? {
        let source = sources.places[record]
        let offsetInSection = source.start &+ leafRank
        let oldPosition = Int(source.oldPosition)
        // Only old items of a middle are still to be matched; the rest are kept.
        guard offsetInSection >= oldMiddleStart[oldPosition], offsetInSection < oldMiddleEnd[oldPosition] else { return nil }
        let stays = oldPosition == section.oldPosition
        if stays {
            section.codes[unit] = Int32(truncatingIfNeeded: offsetInSection)
            section.fates[unit] = .kept
        } else if oldSurvivor[oldPosition] >= 0 {
            section.codes[unit] = Int32(truncatingIfNeeded: -2 &- crossSources.count)
            section.fates[unit] = .movedAcross
            crossSources.append(ItemPath(section: oldPosition, item: offsetInSection))
        } else {
            return nil
        }
        let flag = source.flagBase &+ leafRank
        section.flags[unit] = Int32(truncatingIfNeeded: flag)
        oldMatched[flag] = true
        return stays ? (record, leafRank) : nil
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
        if let newTable = walkableNewTable, singleCount &* 8 >= newTable.bucketCount {
            findSinglesByWalking(newTable, found)
        } else {
            findSinglesInOrder(found)
        }
    }

    /// The new snapshot's index when it is one flat table larger than a core's cache, which
    /// ``findSinglesByWalking(_:_:)`` can walk.
    @inlinable
    var walkableNewTable: ItemTable<ItemIdentifierType>? {
        guard let table = new.storage.index.table, new.storage.index.overlay.isEmpty,
            table.bucketCount &* ItemTable<ItemIdentifierType>.stride > 1 << 20
        else { return nil }
        return table
    }

    /// ``findSingles(_:count:)`` in new order.
    @inlinable
    func findSinglesInOrder(_ found: UnsafeMutableBufferPointer<UInt32>) {
        var base = 0
        for case let section? in work where !section.singlesMatched {
            for run in section.singleRuns {
                run.leaf.items.withUnsafeBufferPointer { items in
                    lookUpInOld(count: run.ranks.count, item: { items[run.ranks.lowerBound &+ $0] }) {
                        found[base &+ $0] = $1.rawValue
                    }
                }
                base &+= run.ranks.count
            }
        }
    }

    /// Looks `item(0)`, ..., `item(count - 1)` up in the old snapshot's index and calls `body`
    /// with the number and old slot of each one found.
    @inlinable
    func lookUpInOld(count total: Int, item: (Int) -> ItemIdentifierType, _ body: (Int, ItemSlot) -> Void) {
        Self.lookUp(in: old.storage.index.materialized(), count: total, hash: { itemTableHash(item($0), seed: $1) }, item: item, body)
    }

    /// Looks `item(0)`, ..., `item(count - 1)` up in `index` (no table put off), given their
    /// hashes (`hash(i, seed)`), and calls `body` with the number and slot of each one found.
    ///
    /// Items are hashed a ``ItemTable/batch`` at a time and their first buckets read before any
    /// of them is probed, so the cache misses of a batch overlap instead of following each other.
    @inlinable
    @inline(__always)
    static func lookUp(
        in index: ItemIndex<ItemIdentifierType>, count total: Int, hash: (Int, Int) -> Int,
        item: (Int) -> ItemIdentifierType, _ body: (Int, ItemSlot) -> Void
    ) {
        let batch = ItemTable<ItemIdentifierType>.batch
        let seed = itemTableSeed
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * batch) { scratch in
            let hashes = UnsafeMutableBufferPointer(rebasing: scratch[0..<batch])
            let ideals = UnsafeMutableBufferPointer(rebasing: scratch[batch..<(2 * batch)])
            let firsts = UnsafeMutableBufferPointer(rebasing: scratch[(2 * batch)...])
            var start = 0
            while start < total {
                let count = min(batch, total &- start)
                for offset in 0..<count { hashes[offset] = hash(start &+ offset, seed) }
                index.table?.touch(hashes, ideals, firsts, count: count)
                for offset in 0..<count {
                    if let slot = index.find(item(start &+ offset), hash: hashes[offset], bucket: ideals[offset], first: firsts[offset]) {
                        body(start &+ offset, slot)
                    }
                }
                start &+= count
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
        for case let section? in work where !section.singlesMatched {
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
        let index = old.storage.index.materialized()
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
                let key = newTable.key(at: bucket)
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

    /// Adds the item deletes, inserts and moves of every middle to the update, each list
    /// allocated once at its size.
    @inlinable
    mutating func emitItemOperations() {
        let counts = countItemOperations()
        // Appended to as locals, uniquely held, then put back.
        var deletes = update.itemDeletes
        var inserts = update.itemInserts
        var moves = update.itemMoves
        update.itemDeletes = []
        update.itemInserts = []
        update.itemMoves = []
        deletes.reserveCapacity(counts.deletes)
        inserts.reserveCapacity(counts.inserts)
        moves.reserveCapacity(counts.moves)
        appendItemDeletes(to: &deletes)
        appendChangedUnits(inserts: &inserts, moves: &moves)
        if !replacedRunItems.isEmpty {
            deletes.sort()
            inserts.sort()
        }
        sortByOrigin(&moves)
        update.itemDeletes = deletes
        update.itemInserts = inserts
        update.itemMoves = moves
    }

    /// How many item deletes, inserts and moves the update will hold, those already in it
    /// included, for ``emitItemOperations()`` to allocate each list once.
    ///
    /// Grown by appending, lists this long were copied again and again into fresh pages.
    @inlinable
    @inline(__always)
    func countItemOperations() -> (deletes: Int, inserts: Int, moves: Int) {
        var deleteCount = update.itemDeletes.count
        var insertCount = update.itemInserts.count
        var moveCount = update.itemMoves.count
        let matched = UnsafeRawBufferPointer(oldMatched)
        // Unmatched old items are deleted; `true` is stored as the byte 1.
        forEachOldMiddle { _, flags in
            forEachIndex(in: flags, of: matched, notEqualTo: 1) { _ in deleteCount &+= 1 }
        }
        forEachChangedUnit { _, section, unit, _ in
            switch section.fates[unit] {
            case .kept: break
            case .inserted, .replaced: insertCount &+= 1
            case .movedAcross: moveCount &+= 1
            case .movedWithin: moveCount &+= section.hasRuns ? Int(section.weights[unit]) : 1
            }
        }
        return (deleteCount, insertCount, moveCount)
    }

    /// Appends a delete to `deletes` for every old item of a middle left unmatched, in old order.
    @inlinable
    @inline(__always)
    func appendItemDeletes(to deletes: inout [ItemPath]) {
        let matched = UnsafeRawBufferPointer(oldMatched)
        forEachOldMiddle { record, flags in
            let place = oldLeafPlaces[record]
            let oldPosition = Int(place.oldPosition)
            forEachIndex(in: flags, of: matched, notEqualTo: 1) { flag in
                deletes.append(ItemPath(section: oldPosition, item: place.start &+ flag &- place.flagBase))
            }
        }
    }

    /// Appends an insert to `inserts` for every unit inserted or replaced, and a move to `moves`
    /// for every item of a unit that moves, but for the items of moving runs marked for reload.
    @inlinable
    @inline(__always)
    func appendChangedUnits(inserts: inout [ItemPath], moves: inout [BatchUpdate.Move<ItemPath>]) {
        let replacedFirst = !replacedRunItems.isEmpty
        forEachChangedUnit { position, section, unit, unitStart in
            switch section.fates[unit] {
            case .kept:
                break
            case .inserted, .replaced:
                inserts.append(ItemPath(section: position, item: unitStart))
            case .movedAcross:
                let from = section.crossSources[-2 &- Int(section.codes[unit])]
                moves.append(BatchUpdate.Move(from: from, to: ItemPath(section: position, item: unitStart)))
            case .movedWithin:
                let oldStart = Int(section.codes[unit])
                let count = section.hasRuns ? Int(section.weights[unit]) : 1
                for item in 0..<count {
                    let to = ItemPath(section: position, item: unitStart &+ item)
                    if replacedFirst && replacedRunItems.contains(to) { continue }
                    moves.append(BatchUpdate.Move(from: ItemPath(section: section.oldPosition, item: oldStart &+ item), to: to))
                }
            }
        }
    }

    /// Calls `body` with each old leaf record that reaches into the middle of its old section,
    /// and the range of `oldMatched` that flags its items there.
    @inlinable
    func forEachOldMiddle(_ body: (_ record: Int, _ flags: Range<Int>) -> Void) {
        for record in oldLeafPlaces.indices {
            let place = oldLeafPlaces[record]
            let position = Int(place.oldPosition)
            let lower = max(0, oldMiddleStart[position] &- place.start)
            let upper = min(oldLeaves[record].leaf.count, oldMiddleEnd[position] &- place.start)
            guard lower < upper else { continue }
            body(record, (place.flagBase &+ lower)..<(place.flagBase &+ upper))
        }
    }

    /// Calls `body` with every unit of a middle that does not stay, with its new section's
    /// position, work and the unit's first new offset. Most units stay: they are skipped eight at
    /// a time.
    @inlinable
    func forEachChangedUnit(_ body: (_ position: Int, _ section: SectionWork, _ unit: Int, _ unitStart: Int) -> Void) {
        for position in 0..<work.count {
            guard let section = work[position] else { continue }
            forEachIndex(in: 0..<section.unitCount, of: UnsafeRawBufferPointer(section.fates), notEqualTo: ItemFate.kept.rawValue) { unit in
                body(position, section, unit, section.hasRuns ? Int(section.unitStarts[unit]) : section.start &+ unit)
            }
        }
    }
}

extension SnapshotDiffer {
    /// Sorts item moves by old path. No two moves leave the same old path, so when the moves
    /// are many against the stretch of the old snapshot they leave from, each is placed at its
    /// old item's position in that stretch, in O(*n*), instead of compared: a list shuffled
    /// throughout moves nearly every item, and comparing them took about a third of its diff.
    @inlinable
    func sortByOrigin(_ moves: inout [BatchUpdate.Move<ItemPath>]) {
        guard moves.count > 64 else {
            moves.sort { $0.from < $1.from }
            return
        }
        // The flat position of each old section's first item.
        let starts = scratch.column(of: Int.self, count: old.sections.count)
        var total = 0
        for position in 0..<old.sections.count {
            starts[position] = total
            total &+= old.storage.trees[Int(old.sectionKeys[position])].count
        }
        var lowest = Int.max
        var highest = Int.min
        for move in moves {
            let flat = starts[move.from.section] &+ move.from.item
            lowest = min(lowest, flat)
            highest = max(highest, flat)
        }
        guard highest &- lowest < 8 &* moves.count else {
            moves.sort { $0.from < $1.from }
            return
        }
        let placed = scratch.column(repeating: Int32(-1), count: highest &- lowest &+ 1)
        for (index, move) in moves.enumerated() {
            placed[starts[move.from.section] &+ move.from.item &- lowest] = Int32(truncatingIfNeeded: index)
        }
        var sorted: [BatchUpdate.Move<ItemPath>] = []
        sorted.reserveCapacity(moves.count)
        for index in placed where index >= 0 { sorted.append(moves[Int(index)]) }
        moves = sorted
    }
}

extension SnapshotDiffer.SectionWork {
    /// Whether `unit` is a run of items that stay together, rather than a single item.
    @inlinable
    func isRun(_ unit: Int) -> Bool {
        hasRuns && runs[unit]
    }
}
