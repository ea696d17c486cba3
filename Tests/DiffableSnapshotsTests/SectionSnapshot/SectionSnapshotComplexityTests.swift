@testable import DiffableSnapshots
import Testing

/// Complexity fences, by counting: hash calls per item, and the height of the order tree (every
/// position, splice and subtree lookup walks it once), for the shapes that make naive outlines
/// quadratic.
@Suite("SectionSnapshot: complexity fences")
struct SectionSnapshotComplexityTests {
    /// Counts the hash and equality calls made on the items that share it. Used from one task.
    final class Counter: @unchecked Sendable {
        var hashes = 0
    }

    struct CountedItem: Hashable, Sendable {
        let value: Int
        let counter: Counter

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

        func hash(into hasher: inout Hasher) {
            counter.hashes += 1
            hasher.combine(value)
        }
    }

    typealias Outline = DiffableDataSourceSectionSnapshot<CountedItem>

    static func log2(_ count: Int) -> Int { Int.bitWidth - count.leadingZeroBitCount }

    static func expectBalanced(_ outline: Outline, _ shape: String) {
        let height = outline._orderTreeHeight()
        let bound = 5 * log2(outline.items.count)
        #expect(height <= bound, "\(shape): order tree height \(height) for \(outline.items.count) items")
    }

    @Test func buildingParentByParentIsLinear() {
        // The usual recursive build: all roots first, then the children of each root in turn,
        // each landing in the middle of the outline.
        let counter = Counter()
        let item = { CountedItem(value: $0, counter: counter) }
        var outline = Outline()
        let roots = 4_000
        outline.append((0..<roots).map(item))
        for root in 0..<roots {
            outline.append((1...3).map { item(roots * $0 + root) }, to: item(root))
        }
        let count = roots * 4
        #expect(outline.items.count == count)
        #expect(counter.hashes <= 4 * count, "\(counter.hashes) hashes to build \(count) items")
        Self.expectBalanced(outline, "parent by parent")
        outline._checkInvariants()
    }

    @Test func deepChainsAndRepeatedAnchorsStayBalanced() {
        let counter = Counter()
        let item = { CountedItem(value: $0, counter: counter) }
        let count = 4_000

        var chain = Outline([item(0)])
        for value in 1..<count { chain.append([item(value)], to: item(value - 1)) }
        #expect(chain.level(of: item(count - 1)) == count - 1)
        Self.expectBalanced(chain, "deep chain")
        #expect(counter.hashes <= 4 * count, "\(counter.hashes) hashes to build a chain of \(count)")

        var reversed = Outline([item(0)])
        for value in 1..<count { reversed.insert([item(value)], before: item(value - 1)) }
        #expect(reversed.items.first == item(count - 1))
        Self.expectBalanced(reversed, "insert before the first item")

        var middle = Outline([item(0), item(1)])
        for value in 2..<count { middle.insert([item(value)], after: item(0)) }
        #expect(middle.items.last == item(1))
        Self.expectBalanced(middle, "insert after the same anchor")

        var underOneParent = Outline([item(0)])
        for value in 1..<count { underOneParent.append([item(value)], to: item(0)) }
        Self.expectBalanced(underOneParent, "one wide parent")
    }

    @Test func queriesHashOnceAndReadingListsHashesNothing() {
        let counter = Counter()
        let item = { CountedItem(value: $0, counter: counter) }
        var chain = Outline([item(0)])
        for value in 1..<500 { chain.append([item(value)], to: item(value - 1)) }
        chain.expand(chain.items)
        let deepest = item(499)

        counter.hashes = 0
        _ = chain.contains(deepest)
        _ = chain.level(of: deepest)
        _ = chain.parent(of: deepest)
        _ = chain.isExpanded(deepest)
        _ = chain.isVisible(deepest)
        _ = chain.index(of: deepest)
        #expect(counter.hashes == 6)

        counter.hashes = 0
        #expect(chain.items.count == 500)
        #expect(chain.visibleItems.count == 500)
        _ = chain.rootItems
        _ = chain.visualDescription()
        #expect(counter.hashes == 0)
    }

    @Test func deletingKeepsStorageProportionalToTheItems() {
        let counter = Counter()
        let item = { CountedItem(value: $0, counter: counter) }
        var outline = Outline((0..<10_000).map(item))
        for value in stride(from: 0, to: 9_900, by: 1) { outline.delete([item(value)]) }
        #expect(outline.items == (9_900..<10_000).map(item))
        #expect(outline.nodes.count <= 2 * 100 + 64 + 1, "\(outline.nodes.count) slots for 100 items")
        outline._checkInvariants()
        Self.expectBalanced(outline, "after deletions")
    }
}
