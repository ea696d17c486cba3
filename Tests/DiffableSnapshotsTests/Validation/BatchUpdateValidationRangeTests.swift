import DiffableSnapshots
import TestSupport
import Testing

/// Rule 1: every old index is in range of the old snapshot, every new index of the new one.
@Suite("Rule 1: ranges")
struct BatchUpdateValidationRangeTests {
    /// Three sections of 3, 2 and 1 items, used as both old and new snapshot.
    static let snapshot = makeSnapshot(["A": [1, 2, 3], "B": [4, 5], "C": [6]])

    static let cases: [(BatchUpdate, BatchUpdateError)] = [
        (BatchUpdate(sectionDeletes: [3]), .sectionIndexOutOfRange(.sectionDelete, index: 3, numberOfSections: 3)),
        (BatchUpdate(sectionInserts: [-1]), .sectionIndexOutOfRange(.sectionInsert, index: -1, numberOfSections: 3)),
        (
            BatchUpdate(sectionMoves: [.init(from: 3, to: 0)]),
            .sectionIndexOutOfRange(.sectionMoveSource, index: 3, numberOfSections: 3)
        ),
        (
            BatchUpdate(sectionMoves: [.init(from: 0, to: 5)]),
            .sectionIndexOutOfRange(.sectionMoveDestination, index: 5, numberOfSections: 3)
        ),
        (BatchUpdate(sectionReloads: [7]), .sectionIndexOutOfRange(.sectionReload, index: 7, numberOfSections: 3)),
        (
            BatchUpdate(itemDeletes: [ItemPath(section: 3, item: 0)]),
            .itemSectionOutOfRange(.itemDelete, path: ItemPath(section: 3, item: 0), numberOfSections: 3)
        ),
        (
            BatchUpdate(itemDeletes: [ItemPath(section: 1, item: 2)]),
            .itemIndexOutOfRange(.itemDelete, path: ItemPath(section: 1, item: 2), numberOfItems: 2)
        ),
        (
            BatchUpdate(itemInserts: [ItemPath(section: 2, item: 1)]),
            .itemIndexOutOfRange(.itemInsert, path: ItemPath(section: 2, item: 1), numberOfItems: 1)
        ),
        (
            BatchUpdate(itemMoves: [.init(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 0))]),
            .itemIndexOutOfRange(.itemMoveSource, path: ItemPath(section: 0, item: 3), numberOfItems: 3)
        ),
        (
            BatchUpdate(itemMoves: [.init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: -1, item: 0))]),
            .itemSectionOutOfRange(.itemMoveDestination, path: ItemPath(section: -1, item: 0), numberOfSections: 3)
        ),
        (
            BatchUpdate(itemReloads: [ItemPath(section: 0, item: -1)]),
            .itemIndexOutOfRange(.itemReload, path: ItemPath(section: 0, item: -1), numberOfItems: 3)
        ),
        (
            BatchUpdate(itemReconfigures: [ItemPath(section: 5, item: 5)]),
            .itemSectionOutOfRange(.itemReconfigure, path: ItemPath(section: 5, item: 5), numberOfSections: 3)
        ),
    ]

    @Test("an index out of range of its snapshot is rejected", arguments: cases)
    func indexOutOfRange(update: BatchUpdate, expected: BatchUpdateError) {
        expectRejected(update, from: Self.snapshot, to: Self.snapshot, with: [expected])
        #expect(expected.rule == 1)
    }

    @Test func newIndexesAreCheckedAgainstTheNewSnapshot() {
        let new = makeSnapshot(["A": [1, 2, 3, 4, 5, 6]])
        let update = BatchUpdate(
            sectionDeletes: [1, 2],
            itemInserts: [ItemPath(section: 0, item: 6)],
            itemMoves: [.init(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 1, item: 0))]
        )
        expectRejected(
            update, from: Self.snapshot, to: new,
            with: [
                .itemIndexOutOfRange(.itemInsert, path: ItemPath(section: 0, item: 6), numberOfItems: 6),
                .itemSectionOutOfRange(.itemMoveDestination, path: ItemPath(section: 1, item: 0), numberOfSections: 1),
                .itemInReplacedSection(.itemMoveSource, path: ItemPath(section: 1, item: 1), sectionOperation: .sectionDelete),
            ]
        )
    }

    @Test func everyOutOfRangeIndexIsListed() {
        let update = BatchUpdate(sectionDeletes: [9], sectionInserts: [8], itemReloads: [ItemPath(section: 2, item: 1)])
        expectRejected(
            update, from: Self.snapshot, to: Self.snapshot,
            with: [
                .sectionIndexOutOfRange(.sectionDelete, index: 9, numberOfSections: 3),
                .sectionIndexOutOfRange(.sectionInsert, index: 8, numberOfSections: 3),
                .itemIndexOutOfRange(.itemReload, path: ItemPath(section: 2, item: 1), numberOfItems: 1),
            ]
        )
    }
}
