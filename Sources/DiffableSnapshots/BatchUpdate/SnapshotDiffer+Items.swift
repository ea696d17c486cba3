extension SnapshotDiffer {
    /// Hashes each single item of every middle once, against the old snapshot's index.
    @inlinable
    mutating func matchItems() {
        // With no old item left to match, every single item is new.
        guard !oldMatched.isEmpty else { return }
        for position in 0..<work.count {
            guard var section = work[position] else { continue }
            work[position] = nil
            matchItems(of: &section)
            work[position] = section
        }
    }

    @inlinable
    mutating func matchItems(of section: inout SectionWork) {
        let index = old.storage.index
        let ownOldPosition = section.oldPosition
        let batch = ItemTable<ItemIdentifierType>.batch
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * batch) { scratch in
            let hashes = UnsafeMutableBufferPointer(rebasing: scratch[0..<batch])
            let ideals = UnsafeMutableBufferPointer(rebasing: scratch[batch..<(2 * batch)])
            let firsts = UnsafeMutableBufferPointer(rebasing: scratch[(2 * batch)...])
            for run in section.singleRuns {
                run.leaf.items.withUnsafeBufferPointer { items in
                    var rank = run.ranks.lowerBound
                    while rank < run.ranks.upperBound {
                        let count = min(batch, run.ranks.upperBound &- rank)
                        for offset in 0..<count { hashes[offset] = itemTableHash(items[rank &+ offset]) }
                        index.table?.touch(hashes, ideals, firsts, count: count)
                        for offset in 0..<count {
                            let item = items[rank &+ offset]
                            let unit = run.firstUnit &+ (rank &- run.ranks.lowerBound) &+ offset
                            if let slot = index.find(item, hash: hashes[offset], bucket: ideals[offset], first: firsts[offset]) {
                                matchItem(slot: slot, unit: unit, ownOldPosition: ownOldPosition, section: &section)
                            }
                        }
                        rank &+= count
                    }
                }
            }
        }
    }

    /// Records where the new single item `unit`, found in old slot `slot`, comes from.
    @inlinable
    @inline(__always)
    mutating func matchItem(slot: ItemSlot, unit: Int, ownOldPosition: Int, section: inout SectionWork) {
        guard let record = oldLeafRecord(slot.leaf) else { return }
        let source = oldLeafPlaces[record]
        let leafRank = source.rankTable < 0 ? slot.slot : Int(oldRankTables[Int(source.rankTable) &+ slot.slot])
        let offset = source.start &+ leafRank
        let oldPosition = Int(source.oldPosition)
        // Only old items of a middle are still to be matched; the rest are kept.
        guard offset >= oldMiddleStart[oldPosition], offset < oldMiddleEnd[oldPosition] else { return }
        if oldPosition == ownOldPosition {
            section.codes[unit] = Int32(truncatingIfNeeded: offset)
        } else if oldSurvivor[oldPosition] >= 0 {
            section.codes[unit] = Int32(truncatingIfNeeded: -2 &- section.crossSources.count)
            section.crossSources.append(ItemPath(section: oldPosition, item: offset))
        } else {
            return
        }
        let flag = source.flagBase &+ leafRank
        section.flags[unit] = Int32(truncatingIfNeeded: flag)
        oldMatched[flag] = true
    }

    /// Decides, per section, which units stay and which move.
    @inlinable
    mutating func chooseMoves() {
        for position in 0..<work.count {
            guard var section = work[position] else { continue }
            work[position] = nil
            for unit in 0..<section.unitCount {
                let code = section.codes[unit]
                section.fates[unit] = code >= 0 ? .kept : code == -1 ? .inserted : .movedAcross
            }
            if section.hasRuns {
                forEachOutsideHeaviestIncreasingSubsequence(section.codes, weights: section.weights) { section.fates[$0] = .movedWithin }
            } else {
                forEachOutsideLongestIncreasingSubsequence(section.codes) { section.fates[$0] = .movedWithin }
            }
            work[position] = section
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
            let middle = oldMiddleStart[oldPosition]..<oldMiddleEnd[oldPosition]
            for rank in 0..<record.leaf.count where !oldMatched[place.flagBase &+ rank] {
                let offset = place.start &+ rank
                if middle.contains(offset) { update.itemDeletes.append(ItemPath(section: oldPosition, item: offset)) }
            }
        }
        for position in 0..<work.count {
            guard let section = work[position] else { continue }
            for unit in 0..<section.unitCount {
                let (_, unitStart) = section.hasRuns ? (unit, Int(section.unitStarts[unit])) : (unit, section.start &+ unit)
                switch section.fates[unit] {
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
