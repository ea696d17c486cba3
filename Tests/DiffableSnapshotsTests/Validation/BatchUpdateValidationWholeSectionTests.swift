import DiffableSnapshots
import TestSupport
import Testing

/// Rule 3: items of deleted, inserted and reloaded sections come and go with their section and
/// are not listed on their own.
@Suite("Rule 3: whole sections")
struct BatchUpdateValidationWholeSectionTests {
    static let old = makeSnapshot(["A": [1, 2, 3], "B": [4, 5], "C": [6]])

    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
    static func move(_ from: ItemPath, _ to: ItemPath) -> BatchUpdate.Move<ItemPath> { .init(from: from, to: to) }

    @Test func anItemDeleteInADeletedSectionIsRejected() {
        let new = makeSnapshot(["A": [1, 2, 3], "C": [6]])
        expectRejected(
            BatchUpdate(sectionDeletes: [1], itemDeletes: [Self.path(1, 0)]), from: Self.old, to: new,
            with: [.itemInReplacedSection(.itemDelete, path: Self.path(1, 0), sectionOperation: .sectionDelete)]
        )
    }

    @Test func anItemMovedOutOfADeletedSectionIsRejected() {
        // Item 4 survives its section: it must be inserted into A, not moved.
        let new = makeSnapshot(["A": [1, 2, 3, 4], "C": [6]])
        expectRejected(
            BatchUpdate(sectionDeletes: [1], itemMoves: [Self.move(Self.path(1, 0), Self.path(0, 3))]), from: Self.old, to: new,
            with: [.itemInReplacedSection(.itemMoveSource, path: Self.path(1, 0), sectionOperation: .sectionDelete)]
        )
    }

    @Test func anItemReloadInAReloadedSectionIsRejected() {
        let new = makeSnapshot(["A": [1, 2, 3], "B": [4, 5], "C": [6]], reloadedSections: ["A"])
        expectRejected(
            BatchUpdate(sectionReloads: [0], itemReloads: [Self.path(0, 1)]), from: Self.old, to: new,
            with: [.itemInReplacedSection(.itemReload, path: Self.path(0, 1), sectionOperation: .sectionReload)]
        )
    }

    @Test func anItemDeleteInAReloadedSectionIsRejected() {
        let new = makeSnapshot(["A": [1, 3], "B": [4, 5], "C": [6]], reloadedSections: ["A"])
        expectRejected(
            BatchUpdate(sectionReloads: [0], itemDeletes: [Self.path(0, 1)]), from: Self.old, to: new,
            with: [.itemInReplacedSection(.itemDelete, path: Self.path(0, 1), sectionOperation: .sectionReload)]
        )
    }

    @Test func anItemInsertInAnInsertedSectionIsRejected() {
        let new = makeSnapshot(["A": [1, 2, 3], "N": [9], "B": [4, 5], "C": [6]])
        expectRejected(
            BatchUpdate(sectionInserts: [1], itemInserts: [Self.path(1, 0)]), from: Self.old, to: new,
            with: [.itemInReplacedSection(.itemInsert, path: Self.path(1, 0), sectionOperation: .sectionInsert)]
        )
    }

    @Test func anItemMovedIntoAnInsertedSectionIsRejected() {
        // Item 1 leaves for a new section: it must be deleted from A, not moved.
        let new = makeSnapshot(["A": [2, 3], "N": [1], "B": [4, 5], "C": [6]])
        expectRejected(
            BatchUpdate(sectionInserts: [1], itemMoves: [Self.move(Self.path(0, 0), Self.path(1, 0))]), from: Self.old, to: new,
            with: [.itemInReplacedSection(.itemMoveDestination, path: Self.path(1, 0), sectionOperation: .sectionInsert)]
        )
    }

    @Test func anItemReconfigureInAnInsertedSectionIsRejected() {
        let new = makeSnapshot(["A": [1, 2, 3], "N": [9], "B": [4, 5], "C": [6]], reconfigured: [9])
        expectRejected(
            BatchUpdate(sectionInserts: [1], itemReconfigures: [Self.path(1, 0)]), from: Self.old, to: new,
            with: [.itemInReplacedSection(.itemReconfigure, path: Self.path(1, 0), sectionOperation: .sectionInsert)]
        )
    }

    @Test func anItemReconfigureAtTheNewPositionOfAReloadedSectionIsRejected() {
        // A is deleted, so reloaded B lands at new index 0.
        let new = makeSnapshot(["B": [4, 5], "C": [6]], reconfigured: [5], reloadedSections: ["B"])
        expectRejected(
            BatchUpdate(sectionDeletes: [0], sectionReloads: [1], itemReconfigures: [Self.path(0, 1)]), from: Self.old, to: new,
            with: [.itemInReplacedSection(.itemReconfigure, path: Self.path(0, 1), sectionOperation: .sectionReload)]
        )
    }

    @Test func anItemInsertAtTheNewPositionOfAReloadedSectionIsRejected() {
        let new = makeSnapshot(["A": [1, 2, 3], "B": [4, 5], "C": [6, 7]], reloadedSections: ["C"])
        expectRejected(
            BatchUpdate(sectionReloads: [2], itemInserts: [Self.path(2, 1)]), from: Self.old, to: new,
            with: [.itemInReplacedSection(.itemInsert, path: Self.path(2, 1), sectionOperation: .sectionReload)]
        )
    }

    @Test func newPositionsOfReloadedSectionsAreNotGuessedWhenSectionCountsDiffer() {
        // One section too many in the new snapshot: which new position C's reload lands on is
        // unknown, so the count is reported, not a guessed rule-3 error.
        let new = makeSnapshot(["A": [1, 2, 3], "B": [4, 5], "C": [6, 7], "D": []])
        expectRejected(
            BatchUpdate(sectionReloads: [2], itemInserts: [Self.path(2, 1)]), from: Self.old, to: new,
            with: [.invalidNumberOfSections(before: 3, inserted: 0, deleted: 0, after: 4)]
        )
    }

    @Test func everyItemOfAReplacedSectionIsListed() {
        let new = makeSnapshot(["N": [1], "B": [4, 5], "C": [6]])
        let update = BatchUpdate(
            sectionDeletes: [0],
            sectionInserts: [0],
            itemDeletes: [Self.path(0, 1), Self.path(0, 2)],
            itemInserts: [Self.path(0, 0)]
        )
        expectRejected(
            update, from: Self.old, to: new,
            with: [
                .itemInReplacedSection(.itemDelete, path: Self.path(0, 1), sectionOperation: .sectionDelete),
                .itemInReplacedSection(.itemDelete, path: Self.path(0, 2), sectionOperation: .sectionDelete),
                .itemInReplacedSection(.itemInsert, path: Self.path(0, 0), sectionOperation: .sectionInsert),
            ]
        )
    }
}
