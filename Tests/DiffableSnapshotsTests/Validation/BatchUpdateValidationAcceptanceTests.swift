import DiffableSnapshots
import TestSupport
import Testing

/// Hand-written valid updates, each accepted by the validator and turning the old identifiers
/// into the new ones under the reference model.
@Suite("Valid updates")
struct BatchUpdateValidationAcceptanceTests {
    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
    static func move(_ from: ItemPath, _ to: ItemPath) -> BatchUpdate.Move<ItemPath> { .init(from: from, to: to) }

    @Test func anEmptyUpdateBetweenEqualSnapshotsIsValid() {
        let old = makeSnapshot(["A": [1, 2, 3], "B": [], "C": [4]])
        expectAccepted(BatchUpdate(), from: old, to: old)
        expectAccepted(BatchUpdate(), from: old, to: RandomSnapshotPair.rebuilt(old))
        expectAccepted(BatchUpdate(), from: TestSnapshot(), to: TestSnapshot())
    }

    @Test func insertingEverythingAndDeletingEverythingAreValid() {
        let full = makeSnapshot(["A": [1, 2], "B": [3]])
        expectAccepted(BatchUpdate(sectionInserts: [0, 1]), from: TestSnapshot(), to: full)
        expectAccepted(BatchUpdate(sectionDeletes: [0, 1]), from: full, to: TestSnapshot())
    }

    @Test func itemDeletesInsertsAndMovesWithinASectionAreValid() {
        let old = makeSnapshot(["A": [1, 2, 3, 4, 5]])
        let new = makeSnapshot(["A": [5, 1, 6, 3, 4]])
        let update = BatchUpdate(
            itemDeletes: [Self.path(0, 1)],
            itemInserts: [Self.path(0, 2)],
            itemMoves: [Self.move(Self.path(0, 4), Self.path(0, 0))]
        )
        expectAccepted(update, from: old, to: new)
    }

    @Test func crossSectionMovesAreValid() {
        let old = makeSnapshot(["A": [1, 2, 3], "B": [4], "C": []])
        let new = makeSnapshot(["A": [1, 4], "B": [2], "C": [3]])
        let update = BatchUpdate(
            itemMoves: [
                Self.move(Self.path(0, 1), Self.path(1, 0)),
                Self.move(Self.path(0, 2), Self.path(2, 0)),
                Self.move(Self.path(1, 0), Self.path(0, 1)),
            ]
        )
        expectAccepted(update, from: old, to: new)
    }

    @Test func movesInsideAMovedSectionAreValid() {
        let old = makeSnapshot(["A": [1, 2, 3], "B": [4, 5, 6]])
        let new = makeSnapshot(["B": [6, 4, 5], "A": [1, 2, 3]])
        let update = BatchUpdate(
            sectionMoves: [.init(from: 1, to: 0)],
            itemMoves: [Self.move(Self.path(1, 2), Self.path(0, 0))]
        )
        expectAccepted(update, from: old, to: new)
    }

    @Test func movesAcrossMovedSectionsAreValid() {
        let old = makeSnapshot(["A": [1, 2], "B": [3], "C": [4]])
        let new = makeSnapshot(["C": [2, 4], "B": [3, 1], "A": []])
        let update = BatchUpdate(
            sectionMoves: [.init(from: 0, to: 2), .init(from: 2, to: 0)],
            itemMoves: [
                Self.move(Self.path(0, 0), Self.path(1, 1)),
                Self.move(Self.path(0, 1), Self.path(0, 0)),
            ]
        )
        expectAccepted(update, from: old, to: new)
    }

    @Test func reloadedSectionsAreValid() {
        let old = makeSnapshot(["X": [9], "A": [1, 2], "B": [3], "C": [4]])
        // X is deleted, so reloaded B moves from index 2 to index 1 without being a move; its
        // items are re-read, and item 3, leaving it, is inserted into A.
        let new = makeSnapshot(["A": [1, 2, 3], "B": [7, 8], "C": [4]], reloadedSections: ["B"])
        let update = BatchUpdate(
            sectionDeletes: [0],
            sectionReloads: [2],
            itemInserts: [Self.path(0, 2)]
        )
        expectAccepted(update, from: old, to: new)
    }

    @Test func aMovedAndReloadedSectionIsDeletedAndInserted() {
        let old = makeSnapshot(["A": [1], "B": [2]])
        let new = makeSnapshot(["B": [2, 3], "A": [1]], reloadedSections: ["B"])
        expectAccepted(BatchUpdate(sectionDeletes: [1], sectionInserts: [0]), from: old, to: new)
    }

    @Test func reconfiguringMovedAndKeptItemsIsValid() {
        let old = makeSnapshot(["A": [1, 2, 3], "B": [4]])
        let new = makeSnapshot(["A": [3, 1, 2], "B": [4]], reconfigured: [3, 2, 4])
        let update = BatchUpdate(
            itemMoves: [Self.move(Self.path(0, 2), Self.path(0, 0))],
            itemReconfigures: [Self.path(0, 0), Self.path(0, 2), Self.path(1, 0)]
        )
        expectAccepted(update, from: old, to: new)
    }

    @Test func reconfiguringAnItemMovedAcrossSectionsIsValid() {
        let old = makeSnapshot(["A": [1, 2], "B": [3]])
        let new = makeSnapshot(["B": [2, 3], "A": [1]], reconfigured: [2])
        let update = BatchUpdate(
            sectionMoves: [.init(from: 1, to: 0)],
            itemMoves: [Self.move(Self.path(0, 1), Self.path(0, 0))],
            itemReconfigures: [Self.path(0, 0)]
        )
        expectAccepted(update, from: old, to: new)
    }

    @Test func reloadingShiftedItemsIsValid() {
        let old = makeSnapshot(["A": [0, 1, 2], "B": [3]])
        let new = makeSnapshot(["A": [1, 2], "B": [5, 3]], reloaded: [2, 3])
        let update = BatchUpdate(
            itemDeletes: [Self.path(0, 0)],
            itemInserts: [Self.path(1, 0)],
            itemReloads: [Self.path(0, 2), Self.path(1, 0)]
        )
        expectAccepted(update, from: old, to: new)
    }

    @Test func aMovedAndReloadedItemIsDeletedAndInserted() {
        let old = makeSnapshot(["A": [1, 2, 3]])
        let new = makeSnapshot(["A": [3, 1, 2]], reloaded: [3])
        expectAccepted(BatchUpdate(itemDeletes: [Self.path(0, 2)], itemInserts: [Self.path(0, 0)]), from: old, to: new)
    }

    @Test func anItemOfADeletedSectionMayReappearInASurvivingOne() {
        let old = makeSnapshot(["A": [1], "B": [2, 3]])
        let new = makeSnapshot(["A": [3, 1]])
        expectAccepted(BatchUpdate(sectionDeletes: [1], itemInserts: [Self.path(0, 0)]), from: old, to: new)
    }

    @Test func listsInAnyOrderAreValid() {
        let old = makeSnapshot(["A": [1, 2, 3, 4], "B": [5]])
        let new = makeSnapshot(["N": [], "A": [4, 2], "B": [5, 1, 6]])
        let update = BatchUpdate(
            sectionInserts: [0],
            itemDeletes: [Self.path(0, 2)],
            itemInserts: [Self.path(2, 2)],
            itemMoves: [Self.move(Self.path(0, 3), Self.path(1, 0)), Self.move(Self.path(0, 0), Self.path(2, 1))]
        )
        expectAccepted(update, from: old, to: new)
    }

    @Test func marksInTheNewSnapshotAreNotRequiredToBeRefreshed() {
        // Validity is about positions and identities; honouring marks is the diff's promise.
        let old = makeSnapshot(["A": [1, 2]])
        let new = makeSnapshot(["A": [1, 2]], reloaded: [1], reconfigured: [2], reloadedSections: ["A"])
        expectAccepted(BatchUpdate(), from: old, to: new)
    }

    @Test func aCommonItemDeletedAndInsertedIsValid() {
        // Not minimal, and not what the diff produces for an unmarked item, but consistent.
        let old = makeSnapshot(["A": [1, 2]])
        let new = makeSnapshot(["A": [2, 1]])
        expectAccepted(BatchUpdate(itemDeletes: [Self.path(0, 0)], itemInserts: [Self.path(0, 1)]), from: old, to: new)
    }
}
