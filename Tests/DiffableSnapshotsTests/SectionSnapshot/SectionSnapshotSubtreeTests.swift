@testable import DiffableSnapshots
import Testing

@Suite("SectionSnapshot: subtrees")
struct SectionSnapshotSubtreeTests {
    typealias Outline = DiffableDataSourceSectionSnapshot<String>

    /// ```
    /// + P
    ///   - Q
    ///       Q1
    /// ```
    static func branch() -> Outline {
        var branch = Outline()
        branch.append(["P"])
        branch.append(["Q"], to: "P")
        branch.append(["Q1"], to: "Q")
        branch.expand(["P"])
        return branch
    }

    @Test func snapshotOfAnItemHoldsItsDescendantsAsRoots() {
        var outline = SectionSnapshotFixtures.sample()
        outline.expand(["A1"])
        let children = outline.snapshot(of: "A")
        #expect(children.indented == ["A1", "  A1a", "  A1b", "A2"])
        #expect(children.rootItems == ["A1", "A2"])
        #expect(children.isExpanded("A1"))
        #expect(children.parent(of: "A1") == nil)
        children._checkInvariants()
    }

    @Test func snapshotOfAnItemIncludingItKeepsItAsTheOnlyRoot() {
        let outline = SectionSnapshotFixtures.sample()
        let withParent = outline.snapshot(of: "A1", includingParent: true)
        #expect(withParent.indented == ["A1", "  A1a", "  A1b"])
        #expect(withParent.rootItems == ["A1"])
        #expect(outline.snapshot(of: "A", includingParent: true).isExpanded("A"))
        withParent._checkInvariants()
    }

    @Test func snapshotOfALeafIsEmptyOrTheLeafAlone() {
        let outline = SectionSnapshotFixtures.sample()
        #expect(outline.snapshot(of: "C1") == Outline())
        #expect(outline.snapshot(of: "B").items.isEmpty)
        #expect(outline.snapshot(of: "C1", includingParent: true).items == ["C1"])
        #expect(outline.snapshot(of: "C").items == ["C1"])  // the last item
    }

    @Test func appendSnapshotKeepsItsHierarchyAndExpansion() {
        var outline = SectionSnapshotFixtures.sample()
        outline.append(Self.branch(), to: "A1")
        #expect(outline.indented == [
            "A", "  A1", "    A1a", "    A1b", "    P", "      Q", "        Q1", "  A2", "B", "C", "  C1",
        ])
        #expect(outline.parent(of: "P") == "A1")
        #expect(outline.parent(of: "Q1") == "Q")
        #expect(outline.isExpanded("P") && !outline.isExpanded("Q"))
        outline._checkInvariants()

        var roots = Outline()
        roots.append(Self.branch())
        #expect(roots == Self.branch())
        roots.append(Outline())
        #expect(roots == Self.branch())
    }

    @Test func insertSnapshotBeforeAndAfterMakesItsRootsSiblings() {
        var outline = SectionSnapshotFixtures.sample()
        outline.insert(Self.branch(), before: "A2")
        #expect(outline.indented == [
            "A", "  A1", "    A1a", "    A1b", "  P", "    Q", "      Q1", "  A2", "B", "C", "  C1",
        ])
        var after = SectionSnapshotFixtures.sample()
        after.insert(Self.branch(), after: "A1")
        #expect(after == outline)

        var first = SectionSnapshotFixtures.sample()
        first.insert(Self.branch(), before: "A")
        #expect(first.rootItems == ["P", "A", "B", "C"])
        var last = SectionSnapshotFixtures.sample()
        last.insert(Self.branch(), after: "C")
        #expect(last.rootItems == ["A", "B", "C", "P"])
        #expect(last.items.suffix(3) == ["P", "Q", "Q1"])
        last._checkInvariants()
    }

    @Test func replaceChildrenSwapsTheWholeSubtreeAndKeepsTheParentsState() {
        var outline = SectionSnapshotFixtures.sample()
        outline.replace(childrenOf: "A", using: Self.branch())
        #expect(outline.indented == ["A", "  P", "    Q", "      Q1", "B", "C", "  C1"])
        #expect(outline.isExpanded("A"))
        #expect(outline.isExpanded("P"))
        #expect(!outline.contains("A1") && !outline.contains("A1a") && !outline.contains("A2"))
        #expect(outline.visibleItems == ["A", "P", "Q", "B", "C"])
        outline._checkInvariants()
    }

    @Test func replaceChildrenMayReuseTheReplacedItems() {
        var outline = SectionSnapshotFixtures.sample()
        var children = outline.snapshot(of: "A")
        children.delete(["A1b"])
        children.append(["A3"])
        children.expand(["A1"])
        outline.replace(childrenOf: "A", using: children)
        #expect(outline.indented == ["A", "  A1", "    A1a", "  A2", "  A3", "B", "C", "  C1"])
        #expect(outline.isExpanded("A1"))
        outline._checkInvariants()
    }

    @Test func replaceChildrenWithAnEmptySnapshotRemovesThem() {
        var outline = SectionSnapshotFixtures.sample()
        outline.replace(childrenOf: "C", using: Outline())
        #expect(outline.indented == ["A", "  A1", "    A1a", "    A1b", "  A2", "B", "C"])
        outline.replace(childrenOf: "B", using: Outline(["B1"]))  // a leaf gets children
        #expect(outline.snapshot(of: "B").items == ["B1"])
        outline._checkInvariants()
    }

    @Test func snapshotOfThenReplaceIsAnIdentity() {
        var outline = SectionSnapshotFixtures.sample()
        outline.expand(["A1"])
        let before = outline
        for item in before.items {
            outline.replace(childrenOf: item, using: outline.snapshot(of: item))
            #expect(outline == before, "replacing the children of \(item) with themselves")
        }
    }
}
