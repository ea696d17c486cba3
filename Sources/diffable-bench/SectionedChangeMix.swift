import SeededRandom

/// The old and new item lists of `end-to-end-sectioned-100x1k`: the change mix of the `diff`
/// benchmark's `flat-100k` pair (10% of the items deleted and as many inserted, the first 2%
/// shuffled), applied section by section, plus 1% of the items moved to another section.
struct SectionedChangeMix {
    /// Items by section, old and new; identifiers are `0..<identifierCount`.
    var old: [[Int]]
    var new: [[Int]]
    var identifierCount: Int

    init(sections: Int, itemsPerSection: Int, seed: UInt64 = 0x5EED_0030) {
        var random = SplitMix64(seed: seed)
        var nextItem = 0
        old = []
        new = []
        let changes = itemsPerSection / 10
        let shuffled = itemsPerSection / 50
        for _ in 0..<sections {
            let items = Array(nextItem..<(nextItem + itemsPerSection))
            nextItem += itemsPerSection
            old.append(items)
            var kept = churnedItems(items, changes: changes, nextItem: &nextItem, random: &random)
            kept[0..<shuffled].shuffle(using: &random)
            new.append(kept)
        }
        for _ in 0..<(sections * itemsPerSection / 100) {
            let from = Int.random(in: 0..<sections, using: &random)
            let to = (from + Int.random(in: 1..<sections, using: &random)) % sections
            let item = new[from].remove(at: Int.random(in: 0..<new[from].count, using: &random))
            new[to].insert(item, at: Int.random(in: 0...new[to].count, using: &random))
        }
        identifierCount = nextItem
    }
}
