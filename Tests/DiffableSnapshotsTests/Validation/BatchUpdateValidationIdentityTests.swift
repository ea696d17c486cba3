import DiffableSnapshots
import TestSupport
import Testing

/// Rule 5: moved, kept and reloaded sections and items land on their own identifiers, so that
/// applying the update to the old identifiers gives the new ones. UIKit does not check this.
@Suite("Rule 5: identity")
struct BatchUpdateValidationIdentityTests {
    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
    static func move(_ from: ItemPath, _ to: ItemPath) -> BatchUpdate.Move<ItemPath> { .init(from: from, to: to) }

    @Test func keptSectionsOutOfOrderAreRejected() {
        let old = makeSnapshot(["A": [Int](), "B": []])
        let new = makeSnapshot(["B": [Int](), "A": []])
        expectRejected(
            BatchUpdate(), from: old, to: new,
            with: [
                .sectionIdentityMismatch(from: 0, to: 0, expected: "\"A\"", found: "\"B\""),
                .sectionIdentityMismatch(from: 1, to: 1, expected: "\"B\"", found: "\"A\""),
            ]
        )
    }

    @Test func aReloadStandingForAReplacedSectionIsRejected() {
        let old = makeSnapshot(["A": [1], "B": [2]])
        let new = makeSnapshot(["A": [1], "C": [3]])
        expectRejected(
            BatchUpdate(sectionReloads: [1]), from: old, to: new,
            with: [.sectionIdentityMismatch(from: 1, to: 1, expected: "\"B\"", found: "\"C\"")]
        )
    }

    @Test func aSectionMoveFromTheWrongSourceIsRejected() {
        let old = makeSnapshot(["A": [Int](), "B": [], "C": []])
        let new = makeSnapshot(["C": [Int](), "A": [], "B": []])
        expectRejected(
            BatchUpdate(sectionMoves: [.init(from: 1, to: 0)]), from: old, to: new,
            with: [
                .movedSectionIdentityMismatch(from: 1, to: 0, expected: "\"B\"", found: "\"C\""),
                .sectionIdentityMismatch(from: 2, to: 2, expected: "\"C\"", found: "\"B\""),
            ]
        )
    }

    @Test func keptItemsOutOfOrderAreRejected() {
        let old = makeSnapshot(["A": [1, 2]])
        let new = makeSnapshot(["A": [2, 1]])
        expectRejected(
            BatchUpdate(), from: old, to: new,
            with: [
                .itemIdentityMismatch(from: Self.path(0, 0), to: Self.path(0, 0), expected: "1", found: "2"),
                .itemIdentityMismatch(from: Self.path(0, 1), to: Self.path(0, 1), expected: "2", found: "1"),
            ]
        )
    }

    @Test func anInsertAtTheWrongPositionIsRejected() {
        let old = makeSnapshot(["A": [1, 2]])
        let new = makeSnapshot(["A": [1, 3, 2]])
        expectRejected(
            BatchUpdate(itemInserts: [Self.path(0, 2)]), from: old, to: new,
            with: [.itemIdentityMismatch(from: Self.path(0, 1), to: Self.path(0, 1), expected: "2", found: "3")]
        )
    }

    @Test func anItemMoveFromTheWrongSourceIsRejected() {
        let old = makeSnapshot(["A": [1, 2, 3]])
        let new = makeSnapshot(["A": [3, 1, 2]])
        expectRejected(
            BatchUpdate(itemMoves: [Self.move(Self.path(0, 1), Self.path(0, 0))]), from: old, to: new,
            with: [
                .movedItemIdentityMismatch(from: Self.path(0, 1), to: Self.path(0, 0), expected: "2", found: "3"),
                .itemIdentityMismatch(from: Self.path(0, 2), to: Self.path(0, 2), expected: "3", found: "2"),
            ]
        )
    }

    @Test func aCrossSectionMoveFromTheWrongSourceIsRejected() {
        let old = makeSnapshot(["A": [1, 2], "B": [3]])
        let new = makeSnapshot(["A": [1], "B": [3, 2]])
        expectRejected(
            BatchUpdate(itemMoves: [Self.move(Self.path(0, 0), Self.path(1, 1))]), from: old, to: new,
            with: [
                .movedItemIdentityMismatch(from: Self.path(0, 0), to: Self.path(1, 1), expected: "1", found: "2"),
                .itemIdentityMismatch(from: Self.path(0, 1), to: Self.path(0, 0), expected: "2", found: "1"),
            ]
        )
    }

    @Test func aMoveIntoAMovedSectionFromTheWrongSourceIsRejected() {
        let old = makeSnapshot(["A": [1, 2], "B": [3]])
        let new = makeSnapshot(["B": [3, 2], "A": [1]])
        let update = BatchUpdate(
            sectionMoves: [.init(from: 1, to: 0)],
            itemMoves: [Self.move(Self.path(0, 0), Self.path(0, 1))]
        )
        expectRejected(
            update, from: old, to: new,
            with: [
                .movedItemIdentityMismatch(from: Self.path(0, 0), to: Self.path(0, 1), expected: "1", found: "2"),
                .itemIdentityMismatch(from: Self.path(0, 1), to: Self.path(1, 0), expected: "2", found: "1"),
            ]
        )
    }

    @Test func aReloadedItemMustLandOnItself() {
        let old = makeSnapshot(["A": [1, 2, 3]])
        let new = makeSnapshot(["A": [2, 1, 3]], reloaded: [1])
        // Reloading item 1 in place while 2 moves to the front would need 1 at (0,1) to be a
        // kept item: it is, and the move is what puts 2 first.
        expectAccepted(
            BatchUpdate(itemMoves: [Self.move(Self.path(0, 1), Self.path(0, 0))], itemReloads: [Self.path(0, 0)]),
            from: old, to: new
        )
        // Without the move, the reloaded item lands on 2.
        expectRejected(
            BatchUpdate(itemReloads: [Self.path(0, 0)]), from: old, to: new,
            with: [
                .itemIdentityMismatch(from: Self.path(0, 0), to: Self.path(0, 0), expected: "1", found: "2"),
                .itemIdentityMismatch(from: Self.path(0, 1), to: Self.path(0, 1), expected: "2", found: "1"),
            ]
        )
    }
}
