@testable import DiffableSnapshots
import Testing

@Suite("SectionSnapshot: expanding, collapsing and visibility")
struct SectionSnapshotExpansionTests {
    typealias Outline = DiffableDataSourceSectionSnapshot<String>

    @Test func newItemsStartCollapsedAndRootsAreAlwaysVisible() {
        var outline = Outline()
        outline.append(["A", "B"])
        outline.append(["A1"], to: "A")
        #expect(!outline.isExpanded("A"))
        #expect(outline.isVisible("A") && outline.isVisible("B"))
        #expect(!outline.isVisible("A1"))
        #expect(outline.visibleItems == ["A", "B"])
    }

    @Test func expandShowsChildrenAndCollapseHidesTheWholeSubtree() {
        var outline = SectionSnapshotFixtures.sample()
        outline.expand(["A1"])
        #expect(outline.visibleItems == ["A", "A1", "A1a", "A1b", "A2", "B", "C"])
        #expect(outline.isVisible("A1b"))

        outline.collapse(["A"])
        #expect(outline.visibleItems == ["A", "B", "C"])
        #expect(!outline.isVisible("A1") && !outline.isVisible("A1a") && !outline.isVisible("A2"))
        #expect(outline.isExpanded("A1"))  // a hidden item keeps its own state

        outline.expand(["A"])
        #expect(outline.visibleItems == ["A", "A1", "A1a", "A1b", "A2", "B", "C"])
    }

    @Test func anExpandedItemUnderACollapsedAncestorIsHidden() {
        var outline = SectionSnapshotFixtures.sample()
        outline.collapse(["A"])
        outline.expand(["A1"])
        #expect(!outline.isVisible("A1a"))
        #expect(outline.visibleItems == ["A", "B", "C"])
    }

    @Test func expandingALeafShowsChildrenAddedLater() {
        var outline = SectionSnapshotFixtures.sample()
        outline.expand(["B"])
        #expect(outline.isExpanded("B"))
        #expect(outline.visibleItems == ["A", "A1", "A2", "B", "C"])
        outline.append(["B1"], to: "B")
        #expect(outline.isVisible("B1"))
        #expect(outline.visibleItems == ["A", "A1", "A2", "B", "B1", "C"])
    }

    @Test func expandingAndCollapsingTwiceChangesNothingMore() {
        var outline = SectionSnapshotFixtures.sample()
        outline.expand(["C", "C"])
        let expanded = outline
        outline.expand(["C"])
        #expect(outline == expanded)
        outline.collapse(["C", "C"])
        outline.collapse(["C"])
        #expect(outline == SectionSnapshotFixtures.sample())
        outline.expand([])
        outline.collapse([])
        #expect(outline == SectionSnapshotFixtures.sample())
    }

    @Test func lastItemsVisibility() {
        var outline = SectionSnapshotFixtures.sample()
        #expect(outline.visibleItems.last == "C")
        outline.expand(["C"])
        #expect(outline.visibleItems.last == "C1")
        #expect(outline.isVisible("C1"))
    }

    @Test func expandedItemsListsExpandedItemsDepthFirstVisibleOrNot() {
        var outline = SectionSnapshotFixtures.sample()
        outline.expand(["A1", "C", "B"])
        outline.collapse(["A"])
        #expect(outline.expandedItems == ["A1", "B", "C"])
    }
}
