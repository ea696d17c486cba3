// Guards the examples in the documentation comments of `DiffableDataSourceSectionSnapshot`:
// Sources/DiffableSnapshots/SectionSnapshot/DiffableDataSourceSectionSnapshot.swift, +Items.swift,
// +Subtrees.swift, +Description.swift, and DiffableDataSourceSnapshot+SectionSnapshot.swift.
import DiffableStore
import Testing

@Suite struct DiffableDataSourceSectionSnapshotExampleTests {
    /// The type's example (DiffableDataSourceSectionSnapshot.swift), verbatim apart from the
    /// commented expressions, checked with `#expect`; the test supplies the "Sports" section.
    @Test func theTypeExampleShowsTheVisibleItemsOfAnOutline() {
        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["Football", "Tennis"])
        outline.append(["Premier League", "La Liga"], to: "Football")
        outline.append(["Wimbledon"], to: "Tennis")
        outline.expand(["Football"])

        #expect(outline.items == ["Football", "Premier League", "La Liga", "Tennis", "Wimbledon"])
        #expect(outline.visibleItems == ["Football", "Premier League", "La Liga", "Tennis"])

        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Sports"])
        snapshot.replaceItems(inSection: "Sports", with: outline)  // the section shows visibleItems

        #expect(snapshot.itemIdentifiers(inSection: "Sports") == outline.visibleItems)
    }

    /// `init(_:)`'s example (DiffableDataSourceSectionSnapshot.swift), verbatim; the test
    /// supplies the snapshot.
    @Test func aSectionOfASnapshotBecomesAFlatOutline() {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Live"])
        snapshot.appendItems([1, 2])

        let live = DiffableDataSourceSectionSnapshot(snapshot.itemIdentifiers(inSection: "Live"))

        #expect(live.rootItems == [1, 2])
        #expect(live.visibleItems == [1, 2])
    }

    /// `append(_:to:)`'s example (DiffableDataSourceSectionSnapshot+Items.swift), verbatim.
    @Test func itemsAreAppendedAsRootsOrAsChildren() {
        var outline = DiffableDataSourceSectionSnapshot<String>()

        outline.append(["Football", "Tennis"])             // root items
        outline.append(["Premier League"], to: "Football")  // children of "Football"

        #expect(outline.rootItems == ["Football", "Tennis"])
        #expect(outline.parent(of: "Premier League") == "Football")
    }

    /// `snapshot(of:includingParent:)`'s example (DiffableDataSourceSectionSnapshot+Subtrees.swift),
    /// verbatim; the test supplies the outline.
    @Test func aSubtreeComesBackWithItsChildrenAsRoots() {
        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["Football"])
        outline.append(["Premier League", "La Liga"], to: "Football")

        let football = outline.snapshot(of: "Football")  // its leagues, as root items

        #expect(football.rootItems == ["Premier League", "La Liga"])
    }

    /// `replace(childrenOf:using:)`'s example (DiffableDataSourceSectionSnapshot+Subtrees.swift),
    /// verbatim; the test supplies the outline.
    @Test func aSubtreeIsReplacedByAnEditedCopy() {
        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["Football", "Tennis"])
        outline.append(["Premier League"], to: "Football")

        var leagues = outline.snapshot(of: "Football")
        leagues.append(["Serie A"])
        outline.replace(childrenOf: "Football", using: leagues)

        #expect(outline.items == ["Football", "Premier League", "Serie A", "Tennis"])
    }

    /// `visualDescription()`'s drawing (DiffableDataSourceSectionSnapshot+Description.swift), for
    /// the outline it draws.
    @Test func theDrawingMarksExpandedCollapsedAndVisibleItems() {
        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["Football", "Tennis"])
        outline.append(["Premier League", "La Liga"], to: "Football")
        outline.append(["Real Madrid"], to: "La Liga")
        outline.expand(["Football", "Tennis"])
        #expect(outline.visualDescription() == """
            DiffableDataSourceSectionSnapshot(5 items, 4 visible)
            + "Football" *
                "Premier League" *
              - "La Liga" *
                  "Real Madrid"
            + "Tennis" *
            """)
    }

    /// `replaceItems(inSection:with:)`'s example (DiffableDataSourceSnapshot+SectionSnapshot.swift),
    /// verbatim apart from the commented expression, checked with `#expect`; the test supplies
    /// the snapshot.
    @Test func aSectionShowsTheVisibleItemsOfTheOutlineItIsGiven() {
        var snapshot = DiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Sports"])

        var outline = DiffableDataSourceSectionSnapshot<String>()
        outline.append(["Football"])
        outline.append(["Premier League", "La Liga"], to: "Football")
        outline.expand(["Football"])
        snapshot.replaceItems(inSection: "Sports", with: outline)
        #expect(snapshot.itemIdentifiers(inSection: "Sports") == ["Football", "Premier League", "La Liga"])
    }
}
