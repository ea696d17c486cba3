import Foundation
@testable import DiffableSnapshots
import TestSupport
import Testing

/// The flat table's layout: keys of plain data packed beside their slots, and a snapshot's index
/// filled to 80%.
@Suite("Item table")
struct ItemTableTests {
    private func slot(_ step: Int) -> ItemSlot {
        ItemSlot(leaf: UInt32(step % 1_000), slot: step % 255)
    }

    @Test func an8ByteKeyAndItsSlotTake12Bytes() {
        #expect(ItemTable<Int>.stride == 12)
        #expect(ItemTable<UInt32>.stride == 8)
        #expect(ItemTable<UUID>.stride == 20)
        // A key that is not plain data keeps its own alignment.
        #expect(ItemTable<String>.stride == 24)
    }

    @Test func anIndexOfAMillionIntegersTakesAtMost15BytesAKey() {
        let table = ItemTable<Int>(bucketCount: ItemTable<Int>.bucketCount(forCapacity: 1_000_000, dense: true), dense: true)
        #expect(table.capacity >= 1_000_000)
        #expect(table.bucketCount * ItemTable<Int>.stride <= 15 * 1_000_000 + 1 << 16)
    }

    @Test func aSparseTableFillsTo60PercentAndADenseOneTo80() {
        let sparse = ItemTable<Int>(bucketCount: 1_000)
        let dense = ItemTable<Int>(bucketCount: 1_000, dense: true)
        #expect(sparse.capacity == sparse.bucketCount * 3 / 5)
        #expect(dense.capacity == dense.bucketCount * 4 / 5)
        #expect(dense.moved(toBucketCount: 2_000).isDense)
        // Keys whose comparisons and hashes are their type's own code keep short probe runs.
        #expect(!ItemTable<String>(bucketCount: 1_000, dense: true).isDense)
    }

    @Test func randomEditsOfAFullDenseTableOfIntegersAgreeWithADictionary() {
        checkRandomEdits(keyType: Int.self) { $0 &* 0x9E37_79B9 }
    }

    @Test func randomEditsOfAFullDenseTableOfUUIDsAgreeWithADictionary() {
        checkRandomEdits(keyType: UUID.self) { step in
            var random = SplitMix64(seed: UInt64(step))
            let (high, low) = (random.next(), random.next())
            return withUnsafeBytes(of: (high, low)) { UUID(uuid: $0.load(as: uuid_t.self)) }
        }
    }

    @Test func randomEditsOfAFullTableOfStringsAgreeWithADictionary() {
        checkRandomEdits(keyType: String.self) { "key-\($0)" }
    }

    /// A dense table kept near 80% full (long probe runs, wrapping around the end) takes seeded
    /// random inserts, removals (shifting later entries back) and slot updates; every key must be
    /// found at its slot, and every other key not at all, as a dictionary says.
    private func checkRandomEdits<Key: Hashable & Sendable>(keyType: Key.Type, key: (Int) -> Key) {
        for seed in TestEnvironment.randomSeeds(defaultCount: 30) {
            var random = SplitMix64(seed: seed)
            let capacity = Int.random(in: 8...600, using: &random)
            let table = ItemTable<Key>(bucketCount: ItemTable<Key>.bucketCount(forCapacity: capacity, dense: true), dense: true)
            let universe = (0..<(table.capacity + table.capacity / 2)).map(key)
            var reference: [Key: Int] = [:]
            for step in 0..<(table.capacity * 8) {
                let candidate = universe.randomElement(using: &random)!
                let hash = itemTableHash(candidate)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6 where table.count < table.capacity:
                    let inserted = table.insertNew(candidate, hash: hash, slot: slot(step))
                    guard inserted == (reference[candidate] == nil) else {
                        Issue.record("seed \(seed) step \(step): insert returned \(inserted)")
                        return
                    }
                    if inserted { reference[candidate] = step }
                case 6..<8:
                    let removed = table.remove(candidate, hash: hash)
                    guard removed == reference.removeValue(forKey: candidate).map(slot) else {
                        Issue.record("seed \(seed) step \(step): remove gave \(String(describing: removed))")
                        return
                    }
                default:
                    let bucket = table.find(candidate, hash: hash)
                    guard (bucket >= 0) == (reference[candidate] != nil) else {
                        Issue.record("seed \(seed) step \(step): find gave \(bucket)")
                        return
                    }
                    if bucket >= 0 {
                        table.setSlot(slot(step), at: bucket)
                        reference[candidate] = step
                    }
                }
            }
            #expect(table.count == reference.count, "seed \(seed)")
            for candidate in universe {
                let bucket = table.find(candidate, hash: itemTableHash(candidate))
                let found = bucket < 0 ? nil : table.slot(at: bucket)
                guard found == reference[candidate].map(slot) else {
                    Issue.record("seed \(seed): \(candidate) found at \(String(describing: found))")
                    return
                }
            }
            var visited = 0
            table.forEach { key, slot in
                if reference[key].map(self.slot) == slot { visited += 1 }
            }
            #expect(visited == reference.count, "seed \(seed)")
        }
    }
}
