import DiffableSnapshots
import Testing

@Suite("SectionSnapshot: bridge to a full snapshot")
struct SectionSnapshotBridgeTests {
    typealias Snapshot = DiffableDataSourceSnapshot<String, String>
    typealias Outline = DiffableDataSourceSectionSnapshot<String>

    @Test func aMissingSectionIsAppendedWithTheVisibleItems() {
        var snapshot = Snapshot()
        snapshot.appendSections(["first"])
        snapshot.appendItems(["f1"])
        snapshot.replaceItems(inSection: "outline", with: SectionSnapshotFixtures.sample())
        #expect(snapshot.sectionIdentifiers == ["first", "outline"])
        #expect(snapshot.itemIdentifiers(inSection: "outline") == ["A", "A1", "A2", "B", "C"])
        #expect(snapshot.itemIdentifiers(inSection: "first") == ["f1"])
    }

    @Test func anExistingSectionGetsExactlyTheVisibleItemsAndOthersStay() {
        var snapshot = Snapshot()
        snapshot.appendSections(["before", "outline", "after"])
        snapshot.appendItems(["b"], toSection: "before")
        snapshot.appendItems(["old1", "A", "old2"], toSection: "outline")
        snapshot.appendItems(["z"], toSection: "after")
        var outline = SectionSnapshotFixtures.sample()
        snapshot.replaceItems(inSection: "outline", with: outline)
        #expect(snapshot.sectionIdentifiers == ["before", "outline", "after"])
        #expect(snapshot.itemIdentifiers == ["b", "A", "A1", "A2", "B", "C", "z"])

        outline.expand(["C", "A1"])
        snapshot.replaceItems(inSection: "outline", with: outline)
        #expect(snapshot.itemIdentifiers(inSection: "outline") == ["A", "A1", "A1a", "A1b", "A2", "B", "C", "C1"])
        #expect(snapshot.indexOfItem("z") == 9)

        outline.collapse(["A"])
        snapshot.replaceItems(inSection: "outline", with: outline)
        #expect(snapshot.itemIdentifiers(inSection: "outline") == ["A", "B", "C", "C1"])
        #expect(snapshot.sectionIdentifier(containingItem: "A1") == nil)
    }

    @Test func anEmptySectionSnapshotEmptiesTheSectionButKeepsIt() {
        var snapshot = Snapshot()
        snapshot.appendSections(["outline"])
        snapshot.appendItems(["x", "y"])
        snapshot.replaceItems(inSection: "outline", with: Outline())
        #expect(snapshot.sectionIdentifiers == ["outline"])
        #expect(snapshot.numberOfItems == 0)
    }

    @Test func itemsThatStayKeepTheirMarksAndItemsThatLeaveLoseThem() {
        var snapshot = Snapshot()
        snapshot.appendSections(["other", "outline"])
        snapshot.appendItems(["o"], toSection: "other")
        snapshot.appendItems(["A", "B", "gone", "A1a"], toSection: "outline")
        snapshot.reconfigureItems(["A", "gone", "o"])
        snapshot.reloadItems(["B", "A1a"])
        snapshot.replaceItems(inSection: "outline", with: SectionSnapshotFixtures.sample())
        #expect(Set(snapshot.reconfiguredItemIdentifiers) == ["A", "o"])
        #expect(Set(snapshot.reloadedItemIdentifiers) == ["B"])  // A1a is hidden now
    }

    @Test func applyingTheSameOutlineTwiceChangesNothing() {
        var snapshot = Snapshot()
        snapshot.replaceItems(inSection: "outline", with: SectionSnapshotFixtures.sample())
        snapshot.reconfigureItems(["B"])
        let once = snapshot
        snapshot.replaceItems(inSection: "outline", with: SectionSnapshotFixtures.sample())
        #expect(snapshot == once)
    }

    @Test func aSectionReadsBackAsAFlatSectionSnapshotOfWhatItShows() {
        var snapshot = Snapshot()
        snapshot.replaceItems(inSection: "outline", with: SectionSnapshotFixtures.sample())
        let readBack = Outline(snapshot.itemIdentifiers(inSection: "outline"))
        #expect(readBack.rootItems == ["A", "A1", "A2", "B", "C"])
        #expect(readBack.items == readBack.visibleItems)

        var again = Snapshot()
        again.replaceItems(inSection: "outline", with: readBack)
        #expect(again == snapshot)
    }
}
