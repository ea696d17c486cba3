@testable import DiffableSnapshots
import Testing

@Suite("SectionSnapshot: items, levels and queries")
struct SectionSnapshotTests {
    typealias Outline = DiffableDataSourceSectionSnapshot<String>

    @Test func emptySnapshotHasNoItemsAndAnswersQueriesWithNothing() {
        let outline = Outline()
        #expect(outline.items.isEmpty)
        #expect(outline.rootItems.isEmpty)
        #expect(outline.visibleItems.isEmpty)
        #expect(outline.expandedItems.isEmpty)
        #expect(!outline.contains("A"))
        #expect(outline.index(of: "A") == nil)
        #expect(outline.parent(of: "A") == nil)
        #expect(!outline.isExpanded("A"))
        #expect(!outline.isVisible("A"))
        #expect(outline == Outline())
        outline._checkInvariants()
    }

    @Test func appendWithoutParentAddsCollapsedRootItemsInOrder() {
        var outline = Outline()
        outline.append(["A", "B"])
        outline.append(["C"])
        outline.append([])
        #expect(outline.items == ["A", "B", "C"])
        #expect(outline.rootItems == ["A", "B", "C"])
        #expect(outline.visibleItems == ["A", "B", "C"])
        #expect(outline.items.map(outline.level(of:)) == [0, 0, 0])
        #expect(outline.items.allSatisfy { !outline.isExpanded($0) && outline.parent(of: $0) == nil })
        outline._checkInvariants()
    }

    @Test func appendToParentAddsLastChildrenAfterExistingDescendants() {
        var outline = SectionSnapshotFixtures.sample()
        outline.append(["A3"], to: "A")      // after A2, not after A1's children
        outline.append(["A1c"], to: "A1")    // a nested parent with children
        outline.append(["B1"], to: "B")      // a leaf becomes a parent
        outline.append(["C1x"], to: "C1")    // the last item of the outline
        #expect(outline.indented == [
            "A", "  A1", "    A1a", "    A1b", "    A1c", "  A2", "  A3",
            "B", "  B1",
            "C", "  C1", "    C1x",
        ])
        #expect(outline.parent(of: "A3") == "A")
        #expect(outline.parent(of: "C1x") == "C1")
        #expect(outline.level(of: "C1x") == 2)
        outline._checkInvariants()
    }

    @Test func appendToACollapsedParentAddsHiddenItems() {
        var outline = SectionSnapshotFixtures.sample()
        outline.append(["C2"], to: "C")
        #expect(outline.contains("C2"))
        #expect(!outline.isVisible("C2"))
        #expect(!outline.visibleItems.contains("C2"))
    }

    @Test func insertBeforeTakesTheAnchorsParentAndLevelAtEveryPosition() {
        var outline = SectionSnapshotFixtures.sample()
        outline.insert(["X"], before: "A")      // first item of the outline
        outline.insert(["Y"], before: "A1")     // first child
        outline.insert(["Z"], before: "A1b")    // last child, nested
        outline.insert(["W"], before: "C")      // last root
        #expect(outline.indented == [
            "X", "A", "  Y", "  A1", "    A1a", "    Z", "    A1b", "  A2", "B", "W", "C", "  C1",
        ])
        #expect(outline.parent(of: "Y") == "A")
        #expect(outline.parent(of: "Z") == "A1")
        #expect(outline.parent(of: "W") == nil)
        #expect(outline.rootItems == ["X", "A", "B", "W", "C"])
        #expect(["X", "Y", "Z", "W"].allSatisfy { !outline.isExpanded($0) })
        outline._checkInvariants()
    }

    @Test func insertAfterSkipsTheAnchorsDescendants() {
        var outline = SectionSnapshotFixtures.sample()
        outline.insert(["X"], after: "A")       // after A's whole subtree
        outline.insert(["Y"], after: "A1")      // after A1a and A1b
        outline.insert(["Z"], after: "C1")      // the last item of the outline
        outline.insert(["V"], after: "C")       // the last root, after its child and Z
        #expect(outline.indented == [
            "A", "  A1", "    A1a", "    A1b", "  Y", "  A2", "X", "B", "C", "  C1", "  Z", "V",
        ])
        #expect(outline.parent(of: "Y") == "A")
        #expect(outline.parent(of: "Z") == "C")
        outline._checkInvariants()
    }

    @Test func deleteRemovesDescendantsAndIgnoresUnknownIdentifiers() {
        var outline = SectionSnapshotFixtures.sample()
        outline.delete(["A1", "A1a", "nowhere"])  // A1a goes with A1, then is unknown
        #expect(outline.indented == ["A", "  A2", "B", "C", "  C1"])
        #expect(!outline.contains("A1b"))
        #expect(outline.index(of: "A1b") == nil)
        outline.delete(["A1"])  // idempotent
        outline.delete([])
        #expect(outline.indented == ["A", "  A2", "B", "C", "  C1"])
        outline.delete(["A", "C"])  // first and last roots
        #expect(outline.items == ["B"])
        outline.delete(["B"])
        #expect(outline.items.isEmpty)
        #expect(outline == Outline())
        outline._checkInvariants()
    }

    @Test func deletedIdentifiersCanBeAddedAgainAnywhere() {
        var outline = SectionSnapshotFixtures.sample()
        outline.delete(["A1"])
        outline.append(["A1a"], to: "C1")
        outline.insert(["A1"], before: "B")
        #expect(outline.indented == ["A", "  A2", "A1", "B", "C", "  C1", "    A1a"])
        #expect(!outline.isExpanded("A1"))
        outline._checkInvariants()
    }

    @Test func deleteAllEmptiesTheSnapshot() {
        var outline = SectionSnapshotFixtures.sample()
        outline.deleteAll()
        #expect(outline.items.isEmpty)
        #expect(!outline.contains("A"))
        #expect(outline == Outline())
        outline.append(["A"])
        #expect(outline.items == ["A"])
        outline._checkInvariants()
    }

    @Test func levelsIndexesAndParentsFollowTheDepthFirstOrder() {
        let outline = SectionSnapshotFixtures.sample()
        #expect(outline.items == ["A", "A1", "A1a", "A1b", "A2", "B", "C", "C1"])
        #expect(outline.items.map(outline.level(of:)) == [0, 1, 2, 2, 1, 0, 0, 1])
        #expect(outline.items.map { outline.index(of: $0) } == Array(0..<8))
        #expect(outline.items.map(outline.parent(of:)) == [nil, "A", "A1", "A1", "A", nil, nil, "C"])
        #expect(outline.rootItems == ["A", "B", "C"])
        #expect(outline.contains("A1b"))
        #expect(!outline.contains("D"))
        #expect(outline.index(of: "D") == nil)
        #expect(outline.parent(of: "D") == nil)
    }

    @Test func initFromItemsBuildsAFlatCollapsedSnapshot() {
        let outline = Outline(["x", "y", "z"])
        var appended = Outline()
        appended.append(["x", "y", "z"])
        #expect(outline == appended)
        #expect(outline.rootItems == ["x", "y", "z"])
        #expect(Outline([]) == Outline())
    }

    @Test func copiesAreIndependentValues() {
        let original = SectionSnapshotFixtures.sample()
        var copy = original
        copy.delete(["A1"])
        copy.expand(["C"])
        copy.append(["D"])
        #expect(original.items == ["A", "A1", "A1a", "A1b", "A2", "B", "C", "C1"])
        #expect(!original.isExpanded("C"))
        #expect(copy != original)
        original._checkInvariants()
        copy._checkInvariants()
    }

    @Test func equalityComparesItemsHierarchyAndExpansion() {
        let sample = SectionSnapshotFixtures.sample()
        #expect(sample == SectionSnapshotFixtures.sample())

        var flattened = Outline()
        flattened.append(sample.items)
        #expect(flattened != sample)  // same items, same order, another hierarchy

        var expandedLeaf = sample
        expandedLeaf.expand(["B"])
        #expect(expandedLeaf != sample)  // only a leaf's state differs

        var reordered = Outline()
        reordered.append(["A", "C", "B"])
        var roots = Outline()
        roots.append(["A", "B", "C"])
        #expect(reordered != roots)

        // Built in another order, with deletions on the way: still equal.
        var rebuilt = Outline()
        rebuilt.append(["B", "C"])
        rebuilt.insert(["A"], before: "B")
        rebuilt.append(["C1", "gone"], to: "C")
        rebuilt.append(["A2"], to: "A")
        rebuilt.insert(["A1"], before: "A2")
        rebuilt.append(["A1b"], to: "A1")
        rebuilt.insert(["A1a"], before: "A1b")
        rebuilt.delete(["gone"])
        rebuilt.expand(["A"])
        #expect(rebuilt == sample)
    }
}
