import DiffableSnapshots
import Testing

@Suite("SectionSnapshot: visual description")
struct SectionSnapshotDescriptionTests {
    @Test func drawsIndentedTreeWithExpansionMarksAndVisibility() {
        var outline = SectionSnapshotFixtures.sample()
        outline.expand(["B"])
        #expect(outline.visualDescription() == """
            DiffableDataSourceSectionSnapshot(8 items, 5 visible)
            + "A" *
              - "A1" *
                  "A1a"
                  "A1b"
                "A2" *
            + "B" *
            - "C" *
                "C1"
            """)
        #expect(outline.debugDescription == outline.visualDescription())
    }

    @Test func hiddenItemsKeepTheirMarks() {
        var outline = SectionSnapshotFixtures.sample()
        outline.expand(["A1"])
        outline.collapse(["A"])
        #expect(outline.visualDescription() == """
            DiffableDataSourceSectionSnapshot(8 items, 3 visible)
            - "A" *
              + "A1"
                  "A1a"
                  "A1b"
                "A2"
              "B" *
            - "C" *
                "C1"
            """)
    }

    @Test func emptyAndSingleItemSnapshots() {
        #expect(DiffableDataSourceSectionSnapshot<Int>().visualDescription()
            == "DiffableDataSourceSectionSnapshot(0 items, 0 visible)")
        #expect(DiffableDataSourceSectionSnapshot([7]).visualDescription() == """
            DiffableDataSourceSectionSnapshot(1 item, 1 visible)
              7 *
            """)
    }

    @Test func descriptionIsTheVisualDescription() {
        let outline = SectionSnapshotFixtures.sample()
        #expect(outline.description == outline.visualDescription())
        #expect(String(describing: outline) == outline.visualDescription())
        #expect(String(reflecting: outline) == outline.visualDescription())
    }
}
