import DiffableSnapshots
import SeededRandom

/// One input shape of the `diff` benchmark.
struct DiffCase {
    var name: String
    var sections: Int
    var itemsPerSection: Int
    /// Fraction of each section's items deleted, and as many new ones inserted.
    var churn: Double
    /// How many leading items of a flat list are shuffled.
    var shuffledPrefix: Int
    /// How many sections move to the front.
    var sectionsMovedToFront: Int

    static let all: [DiffCase] = [
        DiffCase(name: "flat-5k", sections: 1, itemsPerSection: 5_000, churn: 0.2, shuffledPrefix: 200, sectionsMovedToFront: 0),
        DiffCase(name: "flat-100k", sections: 1, itemsPerSection: 100_000, churn: 0.1, shuffledPrefix: 2_000, sectionsMovedToFront: 0),
        DiffCase(name: "flat-1M", sections: 1, itemsPerSection: 1_000_000, churn: 0.1, shuffledPrefix: 20_000, sectionsMovedToFront: 0),
        DiffCase(name: "sectioned-100x1k", sections: 100, itemsPerSection: 1_000, churn: 0.1, shuffledPrefix: 0, sectionsMovedToFront: 5),
    ]

    /// The old and new snapshot over `Int` items, and how many distinct items they use.
    func makeIntPair() -> (old: DiffableDataSourceSnapshot<Int, Int>, new: DiffableDataSourceSnapshot<Int, Int>, identifierCount: Int) {
        var random = SplitMix64(seed: 0x5EED_0000 &+ UInt64(itemsPerSection * sections))
        var old = DiffableDataSourceSnapshot<Int, Int>()
        var new = DiffableDataSourceSnapshot<Int, Int>()
        var nextItem = 0
        var newSections: [(Int, [Int])] = []
        for section in 0..<sections {
            let items = Array(nextItem..<(nextItem + itemsPerSection))
            nextItem += itemsPerSection
            old.appendSections([section])
            old.appendItems(items, toSection: section)

            var kept = churnedItems(items, changes: Int(Double(itemsPerSection) * churn), nextItem: &nextItem, random: &random)
            if shuffledPrefix > 0 { kept[0..<shuffledPrefix].shuffle(using: &random) }
            newSections.append((section, kept))
        }
        let front = Array(newSections.suffix(sectionsMovedToFront).reversed())
        for (section, items) in front + newSections.dropLast(sectionsMovedToFront) {
            new.appendSections([section])
            new.appendItems(items, toSection: section)
        }
        return (old, new, nextItem)
    }
}
