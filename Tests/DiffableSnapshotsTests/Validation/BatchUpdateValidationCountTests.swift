import DiffableSnapshots
import TestSupport
import Testing

/// Rule 4: the section count, and the item count of every surviving section, add up.
@Suite("Rule 4: counts")
struct BatchUpdateValidationCountTests {
    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    @Test func anUnlistedSectionInsertBreaksTheSectionCount() {
        let old = makeSnapshot(["A": [1], "B": [2]])
        let new = makeSnapshot(["A": [1], "B": [2], "C": []])
        let expected = BatchUpdateError.invalidNumberOfSections(before: 2, inserted: 0, deleted: 0, after: 3)
        expectRejected(BatchUpdate(), from: old, to: new, with: [expected])
        #expect(expected.description == "Invalid number of sections: 2 before, 0 inserted, 0 deleted, 3 after; list every section inserted and deleted.")
    }

    @Test func anExtraSectionDeleteBreaksTheSectionCount() {
        let old = makeSnapshot(["A": [1], "B": [2], "C": [3]])
        let new = makeSnapshot(["A": [1], "X": [2, 3]])
        expectRejected(
            BatchUpdate(sectionDeletes: [1, 2]), from: old, to: new,
            with: [.invalidNumberOfSections(before: 3, inserted: 0, deleted: 2, after: 2)]
        )
    }

    @Test func anUnlistedItemDeleteBreaksTheItemCountOfItsSection() {
        let old = makeSnapshot(["A": [1], "B": [2], "C": [10, 11, 12, 13, 14]])
        let new = makeSnapshot(["A": [1], "B": [2], "C": [10, 11, 12, 13, 15]])
        let expected = BatchUpdateError.invalidNumberOfItems(
            section: 2, before: 5, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0, after: 5
        )
        expectRejected(BatchUpdate(itemInserts: [Self.path(2, 4)]), from: old, to: new, with: [expected])
        #expect(
            expected.description
                == "Invalid number of items in section 2: 5 before, 1 inserted, 0 deleted, 0 moved in, 0 moved out, 5 after; "
                + "list every item inserted, deleted and moved."
        )
    }

    @Test func theItemCountOfAMovedSectionIsReportedAtItsNewIndex() {
        let old = makeSnapshot(["A": [1, 2], "B": [3]])
        let new = makeSnapshot(["B": [3, 4], "A": [1, 2]])
        expectRejected(
            BatchUpdate(sectionMoves: [.init(from: 1, to: 0)]), from: old, to: new,
            with: [.invalidNumberOfItems(section: 0, before: 1, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0, after: 2)]
        )
    }

    @Test func itemsMovedAcrossSectionsCountAsMovedOutAndIn() {
        let old = makeSnapshot(["A": [1, 2], "B": [3]])
        let new = makeSnapshot(["A": [1], "B": [3, 2]])
        let update = BatchUpdate(
            itemDeletes: [Self.path(0, 0)],
            itemMoves: [.init(from: Self.path(0, 1), to: Self.path(1, 1))]
        )
        expectRejected(
            update, from: old, to: new,
            with: [.invalidNumberOfItems(section: 0, before: 2, inserted: 0, deleted: 1, movedIn: 0, movedOut: 1, after: 1)]
        )
    }

    @Test func everySectionWithAWrongItemCountIsListedInNewOrder() {
        let old = makeSnapshot(["A": [1, 2], "B": [3], "C": [4]])
        let new = makeSnapshot(["C": [4, 5], "B": [3], "A": [2]])
        let update = BatchUpdate(sectionMoves: [.init(from: 0, to: 2), .init(from: 2, to: 0)])
        expectRejected(
            update, from: old, to: new,
            with: [
                .invalidNumberOfItems(section: 0, before: 1, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0, after: 2),
                .invalidNumberOfItems(section: 2, before: 2, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0, after: 1),
            ]
        )
    }

    @Test func movesWithinASectionCountBothWays() {
        let old = makeSnapshot(["A": [1, 2, 3]])
        let new = makeSnapshot(["A": [3, 1, 2, 4]])
        let update = BatchUpdate(itemMoves: [.init(from: Self.path(0, 2), to: Self.path(0, 0))])
        expectRejected(
            update, from: old, to: new,
            with: [.invalidNumberOfItems(section: 0, before: 3, inserted: 0, deleted: 0, movedIn: 1, movedOut: 1, after: 4)]
        )
    }
}
