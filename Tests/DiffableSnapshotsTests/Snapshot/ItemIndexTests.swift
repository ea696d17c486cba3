@testable import DiffableSnapshots
import TestSupport
import Testing

@Suite("Item index")
struct ItemIndexTests {
    private func slot(_ step: Int) -> ItemSlot {
        ItemSlot(leaf: UInt32(step % 1_000), slot: step % 255)
    }

    private func agree<Key>(_ index: ItemIndex<Key>, _ reference: [Key: Int], _ universe: [Key]) -> Bool {
        for key in universe {
            let found = index[key]
            if let expected = reference[key] {
                guard found == slot(expected) else { return false }
            } else if found != nil {
                return false
            }
        }
        return true
    }

    /// Random inserts, removals, updates and copies over a small key space: probe runs collide,
    /// wrap around and are shifted back on removal; copies taken along the way send later
    /// changes to the overlay, whose nodes split down to shared hash prefixes; occasional
    /// rebuilds fold the overlay back. Every copy must keep what it held.
    @Test func randomOperationsWithStringKeysAgreeWithADictionary() {
        checkRandomOperations { "key-\($0)-" + String(repeating: "x", count: $0 % 40) }
    }

    @Test func randomOperationsWithIntegerKeysAgreeWithADictionary() {
        checkRandomOperations { $0 &* 1_024 }
    }

    private func checkRandomOperations<Key: Hashable & Sendable>(keys: (Int) -> Key) {
        for seed in TestEnvironment.randomSeeds(defaultCount: 100) {
            var random = SplitMix64(seed: seed)
            let universe = (0..<Int.random(in: 1...300, using: &random)).map(keys)
            var index = ItemIndex<Key>()
            var reference: [Key: Int] = [:]
            var copies: [(ItemIndex<Key>, [Key: Int])] = []
            for step in 0..<400 {
                let key = universe.randomElement(using: &random)!
                let hash = ItemIndex<Key>.hash(key)
                switch Int.random(in: 0..<20, using: &random) {
                case 0..<9:
                    let inserted = index.insertNew(key, hash: hash, slot: slot(step))
                    guard inserted == (reference[key] == nil) else {
                        Issue.record("seed \(seed) step \(step): insert \(key) returned \(inserted)")
                        return
                    }
                    if inserted { reference[key] = step }
                case 9..<15:
                    let removed = index.remove(key, hash: hash)
                    let expected = reference.removeValue(forKey: key)
                    guard removed == expected.map(slot) else {
                        Issue.record("seed \(seed) step \(step): remove \(key) gave \(String(describing: removed))")
                        return
                    }
                case 15..<17 where reference[key] != nil:
                    index.update(key, hash: hash, to: slot(step))
                    reference[key] = step
                case 17:
                    let fresh = ItemTable<Key>(bucketCount: ItemTable<Key>.bucketCount(forCapacity: reference.count))
                    for (key, step) in reference { fresh.place(key, hash: ItemIndex<Key>.hash(key), slot: slot(step)) }
                    index = ItemIndex()
                    index.table = fresh
                default:
                    copies.append((index, reference))
                }
            }
            guard agree(index, reference, universe) else {
                Issue.record("seed \(seed): index and dictionary disagree")
                return
            }
            for (copy, expected) in copies where !agree(copy, expected, universe) {
                Issue.record("seed \(seed): an earlier copy changed")
                return
            }
        }
    }

    @Test func aSharedTableTakesChangesInTheOverlayAndStaysAsItIs() {
        var index = ItemIndex<Int>()
        _ = index.prepareInPlace(adding: 1_000)
        _ = index.flatTable!.insertNew(count: 1_000, key: { $0 }, slot: { slot($0) })
        let copy = index
        let inPlace = index.changesInPlace()
        #expect(!inPlace)
        _ = index.remove(5, hash: ItemIndex<Int>.hash(5))
        index.update(6, hash: ItemIndex<Int>.hash(6), to: slot(60))
        _ = index.insertNew(5_000, hash: ItemIndex<Int>.hash(5_000), slot: slot(7))
        #expect(index.flatTable === copy.table)
        #expect(index.overlay.count == 3)
        #expect(index[5] == nil && index[6] == slot(60) && index[5_000] == slot(7))
        #expect(copy[5] == slot(5) && copy[6] == slot(6) && copy[5_000] == nil)
    }

    @Test func keysWhoseHashesShareLongPrefixesLiveInTheOverlay() {
        // Keys of one full hash collide at every level and end in a list node.
        var overlay = ItemOverlay<Int>()
        for key in 0..<50 { overlay.set(key, hash: 42, to: slot(key)) }
        for key in 0..<50 { overlay.set(key + 100, hash: 42 ^ (key << 58), to: slot(key + 100)) }
        #expect(overlay.count == 100)
        for key in 0..<50 {
            #expect(overlay.find(key, hash: 42) == slot(key))
            #expect(overlay.find(key + 100, hash: 42 ^ (key << 58)) == slot(key + 100))
        }
        #expect(overlay.find(999, hash: 42) == nil)
    }

    @Test func aFullTableGrowsForLargeAdditionsAndOverlaysSmallOnes() {
        var index = ItemIndex<Int>()
        for chunk in 0..<10 {
            let keys = (chunk * 1_000..<(chunk + 1) * 1_000).map { $0 * 1_024 }
            let inPlace = index.prepareInPlace(adding: keys.count)
            #expect(inPlace)
            let duplicate = index.flatTable!.insertNew(count: keys.count, key: { keys[$0] }, slot: { slot($0 + chunk * 1_000) })
            #expect(duplicate == nil)
        }
        #expect(index.flatTable!.count == 10_000)
        #expect(index.flatTable!.count <= index.flatTable!.capacity)
        // Filled to the brim, the table takes a few more keys in the overlay rather than growing.
        while index.flatTable!.count < index.flatTable!.capacity {
            let key = -2 - index.flatTable!.count
            let inserted = index.insertNew(key, hash: ItemIndex<Int>.hash(key), slot: slot(1))
            #expect(inserted)
        }
        let table = ObjectIdentifier(index.flatTable!)
        let overlaid = index.insertNew(-1, hash: ItemIndex<Int>.hash(-1), slot: slot(2))
        #expect(overlaid)
        #expect(ObjectIdentifier(index.flatTable!) == table && index.overlay.count == 1)
        #expect(index[5 * 1_024] == slot(5) && index[5] == nil && index[-1] == slot(2))
        let again = index.insertNew(7 * 1_024, hash: ItemIndex<Int>.hash(7 * 1_024), slot: slot(3))
        #expect(!again)
        let removed = stride(from: 0, to: 10_000, by: 2).filter { index.remove($0 * 1_024, hash: ItemIndex<Int>.hash($0 * 1_024)) == slot($0) }
        #expect(removed.count == 5_000)
        #expect(index[1_024] == slot(1) && index[2 * 1_024] == nil)
    }

    /// Filling by partition (the way of tables larger than a cache, forced here on small ones)
    /// enters every key at its slot beside the keys already there, slot tables included, and
    /// reports a key that is present already or repeated.
    @Test func fillingByPartitionAgreesWithFillingKeyByKey() {
        for seed in TestEnvironment.randomSeeds(defaultCount: 20) {
            var random = SplitMix64(seed: seed)
            let present = Int.random(in: 0..<500, using: &random)
            let keys = (0..<(present + Int.random(in: 1...3_000, using: &random))).map { $0 &* 7_919 }
            let table = ItemTable<Int>(bucketCount: ItemTable<Int>.bucketCount(forCapacity: keys.count))
            for key in keys[..<present] { table.place(key, hash: ItemIndex<Int>.hash(key), slot: ItemSlot(leaf: 0, slot: 0)) }
            var leaves: [ItemLeaf<Int>] = []
            var start = present
            while start < keys.count {
                let end = min(keys.count, start + Int.random(in: 1...255, using: &random))
                leaves.append(ItemLeaf(id: UInt32(leaves.count + 1), items: keys[start..<end]))
                start = end
            }
            if let leaf = leaves.first, leaf.count > 2 {
                // Slots that differ from offsets: the first item's slot goes to the end.
                leaf.remove(ranks: [0])
                leaf.insert([keys[present]], atRank: leaf.count) { _, _ in }
            }
            let bits = Int.random(in: 1...6, using: &random)
            let duplicate = table.insertNew(partitioning: leaves, count: keys.count - present, bits: bits, markingEmpty: false)
            #expect(duplicate == nil, "seed \(seed)")
            #expect(table.count == keys.count, "seed \(seed)")
            // A fresh table whose buckets are marked empty stretch by stretch during the fill.
            let unmarked = ItemTable<Int>(bucketCount: ItemTable<Int>.bucketCount(forCapacity: keys.count), markingEmpty: false)
            let freshBits = Int.random(in: 1...3, using: &random)
            #expect(unmarked.insertNew(partitioning: leaves, count: keys.count - present, bits: freshBits, markingEmpty: true) == nil)
            var occupied = 0
            for bucket in 0..<unmarked.bucketCount where unmarked.isOccupied(bucket) { occupied += 1 }
            #expect(occupied == keys.count - present && unmarked.count == occupied, "seed \(seed)")
            for filled in [table, unmarked] {
                for leaf in leaves {
                    for rank in 0..<leaf.count {
                        let bucket = filled.find(leaf.item(atRank: rank), hash: ItemIndex<Int>.hash(leaf.item(atRank: rank)))
                        guard bucket >= 0, filled.slot(at: bucket) == ItemSlot(leaf: leaf.id, slot: leaf.slot(ofRank: rank)) else {
                            Issue.record("seed \(seed): item \(leaf.item(atRank: rank)) is not at its slot")
                            return
                        }
                    }
                }
            }
            if present > 0 {
                let again = ItemLeaf(id: 99, items: [keys[keys.count - 1] + 1, keys[Int.random(in: 0..<present, using: &random)]][...])
                let fresh = ItemTable<Int>(bucketCount: ItemTable<Int>.bucketCount(forCapacity: keys.count + 2))
                for key in keys[..<present] { fresh.place(key, hash: ItemIndex<Int>.hash(key), slot: ItemSlot(leaf: 0, slot: 0)) }
                #expect(fresh.insertNew(partitioning: [again], count: 2, bits: bits, markingEmpty: false) == again.item(atRank: 1), "seed \(seed)")
            }
        }
    }
}

@Suite("Leaf directory and section offsets")
struct LeafDirectoryTests {
    @Test func theDirectoryKeepsEveryPlaceAcrossCopies() {
        var directory = LeafDirectory()
        var copies: [(LeafDirectory, Int)] = []
        for leaf in 0..<40_000 {
            #expect(directory.append(LeafPlace(sectionKey: UInt32(leaf % 7), label: UInt64(leaf))) == UInt32(leaf))
            if leaf % 9_999 == 0 { copies.append((directory, leaf + 1)) }
        }
        for leaf in stride(from: 0, to: 40_000, by: 3) {
            directory.set(UInt32(leaf), LeafPlace(sectionKey: 99, label: 1))
        }
        for leaf in 0..<40_000 {
            let expected = leaf % 3 == 0 ? LeafPlace(sectionKey: 99, label: 1) : LeafPlace(sectionKey: UInt32(leaf % 7), label: UInt64(leaf))
            guard directory[UInt32(leaf)] == expected else {
                Issue.record("leaf \(leaf): \(directory[UInt32(leaf)])")
                return
            }
        }
        for (copy, count) in copies {
            #expect(copy.count == count)
            for leaf in 0..<count where copy[UInt32(leaf)] != LeafPlace(sectionKey: UInt32(leaf % 7), label: UInt64(leaf)) {
                Issue.record("a copy of \(count) leaves changed at \(leaf)")
                return
            }
        }
    }

    @Test func sectionOffsetsAgreeWithPrefixSums() {
        var random = SplitMix64(seed: 3)
        var counts: [Int] = []
        var offsets = SectionOffsets()
        for step in 0..<500 {
            if counts.isEmpty || Bool.random(using: &random) {
                let count = Int.random(in: 0..<50, using: &random)
                counts.append(count)
                offsets.append(count)
            } else {
                let position = Int.random(in: 0..<counts.count, using: &random)
                let delta = Int.random(in: -counts[position]...20, using: &random)
                counts[position] += delta
                offsets.add(delta, at: position)
            }
            if step % 50 == 0 { offsets = SectionOffsets(counts: counts) }
            var sum = 0
            for position in 0...counts.count {
                guard offsets.start(of: position) == sum else {
                    Issue.record("step \(step): start of \(position) is \(offsets.start(of: position)), not \(sum)")
                    return
                }
                if position < counts.count { sum += counts[position] }
            }
            #expect(offsets.total == sum)
        }
    }
}
