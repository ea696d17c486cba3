import BenchMemory
import DiffableSnapshots
import SeededRandom

/// The cases of `diffable-bench snapshot`, generic over the identifier type.
struct SnapshotCases {
    /// Items of the million-item cases.
    static let million = 1_000_000
    /// Identifiers the cases use: a million, plus room for the items the edits insert.
    static let universeSize = million + 10_000
    /// Copy-and-edit cycles per timed run (the time reported is per cycle).
    static let editCycles = 64
    /// Edits between the two snapshots of `derived-diff-1M`.
    static let derivedEdits = 10

    let options: BenchOptions

    func run<Item: Hashable & Sendable>(ids: String, universe: [Item], into report: inout BenchReport) {
        for (name, count) in [("build-100k", 100_000), ("build-1M", Self.million)] where options.includes(name) {
            report.add(build(name, ids: ids, Array(universe[0..<count])))
        }
        for (name, sections) in [("edit-one-1M", 1), ("edit-one-1M-50-sections", 50)] where options.includes(name) {
            report.add(editOne(name, ids: ids, sections: sections, universe))
        }
        if options.includes("derived-diff-1M") {
            report.add(derivedDiff(ids: ids, universe))
        }
        if options.includes("end-to-end-100k") {
            report.add(endToEnd(ids: ids, universe))
        }
    }

    // MARK: - Build

    func build<Item: Hashable & Sendable>(_ name: String, ids: String, _ items: [Item], sections: Int = 1) -> BenchResult {
        // Each side gets its own copy of the identifiers, made inside the measurement: what it
        // keeps of them counts. A snapshot built from one array indexes its items on the first
        // lookup: its memory is counted with the index (after one lookup), and without it in the
        // note.
        let probe = items[items.count / 2]
        let bytesPerItem = allocatedBytesPerItem(items.count) { () -> DiffableDataSourceSnapshot<Int, Item> in
            let snapshot = makeSnapshot(freshCopy(items), sections: sections)
            _ = snapshot.indexOfItem(probe)
            return snapshot
        }
        let unindexedBytesPerItem = allocatedBytesPerItem(items.count) { makeSnapshot(freshCopy(items), sections: sections) }
        let baselineBytesPerItem = allocatedBytesPerItem(items.count) { () -> WarmStorage<[Item: Int]> in
            let dictionary = WarmStorage<[Item: Int]>.dictionary()
            _ = indexDictionary(freshCopy(items), in: dictionary)
            return dictionary
        }
        let build = Timing { makeSnapshot(items, sections: sections) }
        let measurements = interleavedMeasurements(
            runs: options.runs,
            options.noBaseline
                ? [build]
                : [
                    build,
                    Timing { [dictionary = WarmStorage<[Item: Int]>.dictionary()] in indexDictionary(items, in: dictionary) },
                    Timing { makeSnapshot(items, sections: sections).indexOfItem(probe) },
                ])
        let (ours, baseline) = (measurements[0], measurements.count > 1 ? measurements[1] : nil)
        let perItem = { (milliseconds: Measurement) in formatted(milliseconds.median * 1e6 / Double(items.count), decimals: 1) }
        var note = (sections > 1 ? "\(sections) sections; " : "") + "\(perItem(ours)) ns per item"
        if let baseline { note += " (baseline \(perItem(baseline)))" }
        if measurements.count > 2 { note += "; \(perItem(measurements[2])) with the index built by a first lookup" }
        if let bytesPerItem, let baselineBytesPerItem {
            note += "; \(formatted(bytesPerItem.held, decimals: 1)) bytes per item allocated once indexed"
            if let unindexedBytesPerItem { note += " (\(formatted(unindexedBytesPerItem.held, decimals: 1)) before)" }
            note += " (baseline \(formatted(baselineBytesPerItem.held, decimals: 1)))"
            if bytesPerItem.recycled > 0 {
                note += ", and \(formatted(bytesPerItem.recycled, decimals: 1)) of scratch memory kept for the next build"
            }
        }
        return BenchResult(
            bench: "snapshot", caseName: name, ids: ids, oursMilliseconds: ours,
            baseline: "Dictionary identifier -> index", baselineMilliseconds: baseline,
            bytesPerItem: bytesPerItem?.held, note: note)
    }

    /// Bytes the allocator holds per item for what `make` returns, made from nothing: the
    /// identifier array it is given is made inside and released unless the result keeps it.
    ///
    /// Memory kept for reuse is released before and after `make`: the result's table counts in
    /// full, and the scratch memory a build gives back for the next one (reported apart, in
    /// bytes per item, by `recycled`) does not.
    private func allocatedBytesPerItem<Result>(_ count: Int, _ make: () -> Result) -> (held: Double, recycled: Double)? {
        SnapshotMemory.releaseCachedMemory()
        let before = benchAllocatedBytes()
        guard before > 0 else { return nil }
        let result = make()
        let recycled = SnapshotMemory.releaseCachedMemory()
        let after = benchAllocatedBytes()
        withExtendedLifetime(result) {}
        return (Double(Int(after) - Int(before)) / Double(count), Double(recycled) / Double(count))
    }

    // MARK: - Copy and edit one item

    private struct EditPick<Item> {
        var victim: Item
        var victimIndex: Int
        var anchor: Item
        var anchorIndex: Int
        var fresh: Item
    }

    /// For each edit cycle, the item deleted or moved, the item it goes before (in another
    /// section when there are several) and a new item to insert, with their indexes.
    private func editPicks<Item>(_ universe: [Item], sections: Int) -> [EditPick<Item>] {
        let perSection = Self.million / sections
        var random = SplitMix64(seed: 0x5EED_0010 &+ UInt64(sections))
        return (0..<Self.editCycles).map { cycle -> EditPick<Item> in
            let victimIndex = Int.random(in: 0..<Self.million, using: &random)
            var anchorIndex = Int.random(in: 0..<Self.million, using: &random)
            if sections > 1 {
                // Across sections: the anchor in another section than the victim.
                let victimSection = victimIndex / perSection
                let offset = Int.random(in: 1..<sections, using: &random)
                anchorIndex = ((victimSection + offset) % sections) * perSection + anchorIndex % perSection
            }
            return EditPick(
                victim: universe[victimIndex], victimIndex: victimIndex,
                anchor: universe[anchorIndex], anchorIndex: anchorIndex,
                fresh: universe[Self.million + cycle])
        }
    }

    private func editOne<Item: Hashable & Sendable>(_ name: String, ids: String, sections: Int, _ universe: [Item]) -> BenchResult {
        let items = Array(universe[0..<Self.million])
        let base = makeSnapshot(items, sections: sections)
        let picks = editPicks(universe, sections: sections)
        let cycles = Double(Self.editCycles)
        func perCycle(_ measured: (ours: Measurement, baseline: Measurement?)) -> (ours: Measurement, baseline: Measurement?) {
            (measured.ours.divided(by: cycles), measured.baseline.map { $0.divided(by: cycles) })
        }
        // The array baseline copies into an array it keeps, so that it copies into warm memory
        // as ours does (a fresh 1M-item array each cycle would time its page faults too).
        let kept = WarmStorage<[Item]>.array()
        kept.value.reserveCapacity(items.count + 1)
        func editedCopy(_ edit: (inout [Item]) -> Void) -> Int {
            kept.value.removeAll(keepingCapacity: true)
            kept.value.append(contentsOf: items)
            edit(&kept.value)
            return kept.value.count
        }
        let delete = perCycle(options.compare(
            Timing { picks.reduce(0) { total, pick in var copy = base; copy.deleteItems([pick.victim]); return total + copy.numberOfItems } },
            against: Timing { picks.reduce(0) { total, pick in total + editedCopy { $0.remove(at: pick.victimIndex) } } }
        ))
        let insert = perCycle(options.compare(
            Timing { picks.reduce(0) { total, pick in var copy = base; copy.insertItems([pick.fresh], beforeItem: pick.anchor); return total + copy.numberOfItems } },
            against: Timing { picks.reduce(0) { total, pick in total + editedCopy { $0.insert(pick.fresh, at: pick.anchorIndex) } } }
        ))
        let move = perCycle(options.compare(
            Timing { picks.reduce(0) { total, pick in var copy = base; copy.moveItem(pick.victim, beforeItem: pick.anchor); return total + copy.numberOfItems } },
            against: Timing {
                picks.reduce(0) { total, pick in
                    total + editedCopy { copy in
                        let moved = copy.remove(at: pick.victimIndex)
                        copy.insert(moved, at: pick.anchorIndex - (pick.anchorIndex > pick.victimIndex ? 1 : 0))
                    }
                }
            }
        ))
        let operations = [("delete", delete), ("insert", insert), ("move", move)]
        let worst = operations.max { $0.1.ours.median < $1.1.ours.median }!
        let listed = operations.map { name, measured in
            "\(name) \(formatted(measured.ours.median, decimals: 4))" + (measured.baseline.map { " (array \(formatted($0.median, decimals: 3)))" } ?? "")
        }
        return BenchResult(
            bench: "snapshot", caseName: name, ids: ids, oursMilliseconds: worst.1.ours,
            baseline: "copy [Item] and edit it", baselineMilliseconds: worst.1.baseline,
            note: "per copy-and-edit, slowest of: \(listed.joined(separator: ", ")) ms; \(sections == 1 ? "one section" : "\(sections) sections, moves across sections"); the array baseline is one flat array, copied into an array it keeps (warm memory), and is told the indexes")
    }

    // MARK: - Diffs

    private func derivedDiff<Item: Hashable & Sendable>(ids: String, _ universe: [Item]) -> BenchResult {
        let base = makeSnapshot(Array(universe[0..<Self.million]), sections: 1)
        var edited = base
        var random = SplitMix64(seed: 0x5EED_0020)
        func someItem() -> Item { universe[Int.random(in: 0..<Self.million, using: &random)] }
        for edit in 0..<Self.derivedEdits {
            switch edit % 3 {
            case 0:
                let item = someItem()
                let anchor = someItem()
                if item != anchor { edited.moveItem(item, beforeItem: anchor) }
            case 1:
                edited.deleteItems([someItem()])
            default:
                var anchor = someItem()
                while edited.indexOfItem(anchor) == nil { anchor = someItem() }
                edited.insertItems([universe[Self.million + edit]], beforeItem: anchor)
            }
        }
        let rebuilt = makeSnapshot(edited.itemIdentifiers, sections: 1)
        let update = BatchUpdate(from: base, to: edited)
        let fullUpdate = BatchUpdate(from: base, to: rebuilt)
        precondition(
            update.itemMoves.count == fullUpdate.itemMoves.count
                && update.itemDeletes.count == fullUpdate.itemDeletes.count
                && update.itemInserts.count == fullUpdate.itemInserts.count,
            "the derived diff and the full diff disagree: \(update) vs \(fullUpdate)")
        let (ours, baseline) = options.compare(
            Timing { BatchUpdate(from: base, to: edited) },
            against: Timing { BatchUpdate(from: base, to: rebuilt) }
        )
        return BenchResult(
            bench: "snapshot", caseName: "derived-diff-1M", ids: ids, oursMilliseconds: ours,
            baseline: "same diff, no shared storage", baselineMilliseconds: baseline,
            note: "\(Self.derivedEdits) edits to a copy of a 1M-item snapshot: \(update.itemDeletes.count) deletes, \(update.itemInserts.count) inserts, \(update.itemMoves.count) moves")
    }

    private func endToEnd<Item: Hashable & Sendable>(ids: String, _ universe: [Item]) -> BenchResult {
        let shape = DiffCase.all.first { $0.name == "flat-100k" }!
        let pair = shape.makeIntPair()
        let oldItems = pair.old.itemIdentifiers.map { universe[$0] }
        let newItems = pair.new.itemIdentifiers.map { universe[$0] }
        let (ours, baseline) = options.compare(
            Timing { BatchUpdate(from: makeSnapshot(oldItems, sections: 1), to: makeSnapshot(newItems, sections: 1)) },
            against: Timing { [floorStorage = WarmStorage<[Item: Int]>.dictionary()] in hashingFloor(oldItems, newItems, in: floorStorage) }
        )
        return BenchResult(
            bench: "snapshot", caseName: "end-to-end-100k", ids: ids, oursMilliseconds: ours,
            baseline: "Dictionary build + probe (floor)", baselineMilliseconds: baseline,
            note: "build both snapshots of the flat-100k pair from arrays, then diff")
    }
}

/// A snapshot of `items` split evenly over `sections` sections named 0, 1, ...
func makeSnapshot<Item: Hashable & Sendable>(_ items: [Item], sections: Int) -> DiffableDataSourceSnapshot<Int, Item> {
    var snapshot = DiffableDataSourceSnapshot<Int, Item>()
    snapshot.appendSections(Array(0..<sections))
    if sections == 1 {
        snapshot.appendItems(items)
        return snapshot
    }
    let perSection = items.count / sections
    for section in 0..<sections {
        let end = section == sections - 1 ? items.count : (section + 1) * perSection
        snapshot.appendItems(Array(items[(section * perSection)..<end]), toSection: section)
    }
    return snapshot
}

/// A copy of `items` in storage of its own.
func freshCopy<Item>(_ items: [Item]) -> [Item] {
    items.withUnsafeBufferPointer { Array($0) }
}

/// The build baseline: a `Dictionary` from identifier to index, checking for duplicates, in
/// `storage` (emptied first, its capacity kept from the last run).
@inline(never)
func indexDictionary<Item: Hashable>(_ items: [Item], in storage: WarmStorage<[Item: Int]>) -> Int {
    storage.value.removeAll(keepingCapacity: true)
    storage.value.reserveCapacity(items.count)
    for (index, item) in items.enumerated() where storage.value.updateValue(index, forKey: item) != nil {
        fatalError("duplicate identifier \(item)")
    }
    return storage.value.count
}
