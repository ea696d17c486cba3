@testable import DiffableSnapshots
import Testing

@Suite("ItemTable")
struct ItemTableTests {
    private func location(_ offset: Int) -> ItemLocation {
        ItemLocation(sectionKey: UInt32(offset % 7), offset: offset)
    }

    private func agree<Key>(_ table: ItemTable<Key>, _ reference: [Key: Int], _ universe: [Key]) -> Bool {
        guard table.count == reference.count else { return false }
        for key in universe {
            let found = table[key]
            if let expected = reference[key] {
                guard found?.offset == UInt32(expected), found?.sectionKey == UInt32(expected % 7) else { return false }
            } else if found != nil {
                return false
            }
        }
        var visited = 0
        table.forEach { key, location in
            if reference[key] == Int(location.offset) { visited += 1 }
        }
        return visited == reference.count
    }

    /// Random inserts, removals, updates and copies over a small key space, so probe runs
    /// collide, wrap around and are shifted back on removal, with copies kept alive across
    /// mutations; `String` keys exercise the reference-counted paths (copy, move on growth,
    /// backward shift), `Int` keys the plain-memory copy and the integer hash.
    @Test func randomOperationsWithStringKeysAgreeWithADictionary() {
        checkRandomOperations { "key-\($0)-" + String(repeating: "x", count: $0 % 40) }
    }

    @Test func randomOperationsWithIntegerKeysAgreeWithADictionary() {
        checkRandomOperations { $0 &* 1_024 }
    }

    private func checkRandomOperations<Key: Hashable & Sendable>(keys: (Int) -> Key) {
        for seed in randomSeeds(defaultCount: 200) {
            var random = SplitMix64(seed: seed)
            let universe = (0..<Int.random(in: 1...300, using: &random)).map(keys)
            var table = ItemTable<Key>()
            var reference: [Key: Int] = [:]
            var snapshots: [(ItemTable<Key>, [Key: Int])] = []
            for step in 0..<400 {
                let key = universe.randomElement(using: &random)!
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5:
                    let inserted = table.insertNew(key, at: location(step))
                    guard inserted == (reference[key] == nil) else {
                        Issue.record("seed \(seed) step \(step): insert \(key) returned \(inserted)")
                        return
                    }
                    if inserted { reference[key] = step }
                case 5..<8:
                    let removed = table.remove(key).map { Int($0.offset) }
                    let expected = reference.removeValue(forKey: key)
                    guard removed == expected else {
                        Issue.record("seed \(seed) step \(step): remove \(key) gave \(String(describing: removed))")
                        return
                    }
                case 8 where reference[key] != nil:
                    table.update(key, to: location(step))
                    reference[key] = step
                default:
                    snapshots.append((table, reference))
                }
            }
            guard agree(table, reference, universe) else {
                Issue.record("seed \(seed): table and dictionary disagree")
                return
            }
            for (copy, expected) in snapshots where !agree(copy, expected, universe) {
                Issue.record("seed \(seed): an earlier copy changed")
                return
            }
        }
    }

    @Test func aCopyOfATableThatShrankShedsItsEmptyBuckets() {
        var table = ItemTable<Int>()
        for key in 0..<10_000 { _ = table.insertNew(key, at: location(key)) }
        for key in 10..<10_000 { _ = table.remove(key) }
        let grownBuckets = table.storage!.bucketCount
        var copy = table
        _ = copy.remove(0)
        #expect(copy.storage!.bucketCount * 4 <= grownBuckets, "the copy kept \(copy.storage!.bucketCount) of \(grownBuckets) buckets for 9 items")
        #expect(copy.count == 9 && copy[5]?.offset == 5 && copy[0] == nil)
        #expect(table.count == 10 && table[0]?.offset == 0)
    }

    @Test func integerKeysSpreadAndGrow() {
        var table = ItemTable<Int>()
        let inserted = (0..<10_000).filter { table.insertNew($0 * 1_024, at: location($0)) }
        #expect(inserted.count == 10_000)
        #expect(table.count == 10_000)
        #expect(table[5 * 1_024]?.offset == 5)
        #expect(table[5] == nil)
        let removed = stride(from: 0, to: 10_000, by: 2).filter { table.remove($0 * 1_024)?.offset == UInt32($0) }
        #expect(removed.count == 5_000)
        #expect(table.count == 5_000)
        #expect(table[1_024]?.offset == 1)
        #expect(table[2 * 1_024] == nil)
    }
}
