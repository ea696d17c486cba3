import DiffableSnapshots
import TestSupport
import Testing

/// Rule 2: no list holds an index twice, and each index is named by at most one of the
/// operations that exclude each other.
@Suite("Rule 2: exclusivity")
struct BatchUpdateValidationExclusivityTests {
    /// Three sections of 3, 2 and 1 items, used as both old and new snapshot.
    static let snapshot = makeSnapshot(["A": [1, 2, 3], "B": [4, 5], "C": [6]])

    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
    static func move(_ from: ItemPath, _ to: ItemPath) -> BatchUpdate.Move<ItemPath> { .init(from: from, to: to) }

    static let duplicates: [(BatchUpdate, BatchUpdateError)] = [
        (BatchUpdate(sectionDeletes: [1, 1]), .duplicateSectionIndex(.sectionDelete, index: 1)),
        (BatchUpdate(sectionInserts: [0, 2, 0]), .duplicateSectionIndex(.sectionInsert, index: 0)),
        (BatchUpdate(sectionReloads: [2, 2]), .duplicateSectionIndex(.sectionReload, index: 2)),
        (
            BatchUpdate(sectionMoves: [.init(from: 0, to: 1), .init(from: 0, to: 2)]),
            .duplicateSectionIndex(.sectionMoveSource, index: 0)
        ),
        (
            BatchUpdate(sectionMoves: [.init(from: 0, to: 2), .init(from: 1, to: 2)]),
            .duplicateSectionIndex(.sectionMoveDestination, index: 2)
        ),
        (BatchUpdate(itemDeletes: [path(0, 1), path(0, 1)]), .duplicateItemPath(.itemDelete, path: path(0, 1))),
        (BatchUpdate(itemInserts: [path(1, 0), path(1, 0)]), .duplicateItemPath(.itemInsert, path: path(1, 0))),
        (
            BatchUpdate(itemMoves: [move(path(0, 0), path(0, 2)), move(path(0, 0), path(0, 1))]),
            .duplicateItemPath(.itemMoveSource, path: path(0, 0))
        ),
        (
            BatchUpdate(itemMoves: [move(path(0, 0), path(0, 2)), move(path(0, 1), path(0, 2))]),
            .duplicateItemPath(.itemMoveDestination, path: path(0, 2))
        ),
        (BatchUpdate(itemReloads: [path(2, 0), path(2, 0)]), .duplicateItemPath(.itemReload, path: path(2, 0))),
        (BatchUpdate(itemReconfigures: [path(1, 1), path(1, 1)]), .duplicateItemPath(.itemReconfigure, path: path(1, 1))),
    ]

    @Test("an index listed twice in one list is rejected", arguments: duplicates)
    func duplicateIndex(update: BatchUpdate, expected: BatchUpdateError) {
        expectRejected(update, from: Self.snapshot, to: Self.snapshot, with: [expected])
        #expect(expected.rule == 2)
    }

    static let conflicts: [(BatchUpdate, BatchUpdateError)] = [
        (
            BatchUpdate(sectionDeletes: [0], sectionMoves: [.init(from: 0, to: 1)]),
            .conflictingSectionOperations(.sectionDelete, .sectionMoveSource, index: 0)
        ),
        (
            BatchUpdate(sectionDeletes: [1], sectionReloads: [1]),
            .conflictingSectionOperations(.sectionDelete, .sectionReload, index: 1)
        ),
        (
            BatchUpdate(sectionMoves: [.init(from: 2, to: 0)], sectionReloads: [2]),
            .conflictingSectionOperations(.sectionMoveSource, .sectionReload, index: 2)
        ),
        (
            BatchUpdate(sectionInserts: [1], sectionMoves: [.init(from: 0, to: 1)]),
            .conflictingSectionOperations(.sectionInsert, .sectionMoveDestination, index: 1)
        ),
        (
            BatchUpdate(itemDeletes: [path(0, 0)], itemMoves: [move(path(0, 0), path(1, 0))]),
            .conflictingItemOperations(.itemDelete, .itemMoveSource, path: path(0, 0))
        ),
        (
            BatchUpdate(itemDeletes: [path(0, 2)], itemReloads: [path(0, 2)]),
            .conflictingItemOperations(.itemDelete, .itemReload, path: path(0, 2))
        ),
        (
            BatchUpdate(itemMoves: [move(path(1, 1), path(1, 0))], itemReloads: [path(1, 1)]),
            .conflictingItemOperations(.itemMoveSource, .itemReload, path: path(1, 1))
        ),
        (
            BatchUpdate(itemInserts: [path(0, 0)], itemMoves: [move(path(0, 2), path(0, 0))]),
            .conflictingItemOperations(.itemInsert, .itemMoveDestination, path: path(0, 0))
        ),
        (
            BatchUpdate(itemInserts: [path(2, 0)], itemReconfigures: [path(2, 0)]),
            .conflictingItemOperations(.itemInsert, .itemReconfigure, path: path(2, 0))
        ),
    ]

    @Test("an index named by two exclusive operations is rejected", arguments: conflicts)
    func conflictingOperations(update: BatchUpdate, expected: BatchUpdateError) {
        expectRejected(update, from: Self.snapshot, to: Self.snapshot, with: [expected])
        #expect(expected.rule == 2)
    }

    @Test func anIndexInThreeListsIsReportedOncePerPair() {
        let update = BatchUpdate(
            sectionDeletes: [1, 1, 1],
            sectionMoves: [.init(from: 1, to: 0)],
            sectionReloads: [1]
        )
        expectRejected(
            update, from: Self.snapshot, to: Self.snapshot,
            with: [
                .duplicateSectionIndex(.sectionDelete, index: 1),
                .conflictingSectionOperations(.sectionDelete, .sectionMoveSource, index: 1),
                .conflictingSectionOperations(.sectionDelete, .sectionReload, index: 1),
                .conflictingSectionOperations(.sectionMoveSource, .sectionReload, index: 1),
            ]
        )
    }

    @Test func aMovedItemMayAlsoBeReconfigured() {
        let new = makeSnapshot(["A": [3, 1, 2], "B": [4, 5], "C": [6]])
        let update = BatchUpdate(itemMoves: [Self.move(Self.path(0, 2), Self.path(0, 0))], itemReconfigures: [Self.path(0, 0)])
        expectAccepted(update, from: Self.snapshot, to: new)
    }
}
