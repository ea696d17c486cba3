import DiffableSnapshots
import TestSupport
import Testing

/// The error type: every case's rule and the sentence it prints.
@Suite("Validation errors")
struct BatchUpdateValidationErrorTests {
    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    static let cases: [(BatchUpdateError, Int, String)] = [
        (
            .sectionIndexOutOfRange(.sectionDelete, index: 3, numberOfSections: 3), 1,
            "Section delete 3 is out of range: the old snapshot has 3 sections; list only sections of the old snapshot."
        ),
        (
            .itemSectionOutOfRange(.itemInsert, path: path(4, 0), numberOfSections: 1), 1,
            "Item insert (4,0) is out of range: the new snapshot has 1 section; list only paths of the new snapshot."
        ),
        (
            .itemIndexOutOfRange(.itemMoveSource, path: path(1, 7), numberOfItems: 7), 1,
            "Item move source (1,7) is out of range: section 1 of the old snapshot has 7 items; list only paths of the old snapshot."
        ),
        (
            .duplicateSectionIndex(.sectionInsert, index: 2), 2,
            "New section 2 is listed more than once as a section insert; list it once."
        ),
        (
            .duplicateItemPath(.itemReload, path: path(0, 3)), 2,
            "Old item (0,3) is listed more than once as an item reload; list it once."
        ),
        (
            .conflictingSectionOperations(.sectionDelete, .sectionMoveSource, index: 1), 2,
            "Old section 1 is both a section delete and a section move source; a section is at most one of deleted, moved and reloaded."
        ),
        (
            .conflictingItemOperations(.itemInsert, .itemReconfigure, path: path(1, 0)), 2,
            "New item (1,0) is both an item insert and an item reconfigure; a new item is at most one of inserted and a move destination, and inserted items are not reconfigured."
        ),
        (
            .itemInReplacedSection(.itemDelete, path: path(2, 1), sectionOperation: .sectionReload), 3,
            "Item delete (2,1) lies in old section 2, which is reloaded; items of deleted, inserted and reloaded sections come and go with their section, so do not list them."
        ),
        (
            .invalidNumberOfSections(before: 3, inserted: 1, deleted: 0, after: 3), 4,
            "Invalid number of sections: 3 before, 1 inserted, 0 deleted, 3 after; list every section inserted and deleted."
        ),
        (
            .invalidNumberOfItems(section: 2, before: 5, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0, after: 5), 4,
            "Invalid number of items in section 2: 5 before, 1 inserted, 0 deleted, 0 moved in, 0 moved out, 5 after; list every item inserted, deleted and moved."
        ),
        (
            .sectionIdentityMismatch(from: 1, to: 2, expected: "\"A\"", found: "\"B\""), 5,
            "Kept or reloaded section 1 lands at new section 2: expected \"A\", found \"B\"; list the insert, delete or move that shifts it."
        ),
        (
            .movedSectionIdentityMismatch(from: 0, to: 3, expected: "\"A\"", found: "\"C\""), 5,
            "Section move 0→3: expected \"A\" at the destination, found \"C\"; move the section to its index in the new snapshot."
        ),
        (
            .itemIdentityMismatch(from: path(0, 1), to: path(0, 2), expected: "5", found: "7"), 5,
            "Kept or reloaded item (0,1) lands at new path (0,2): expected 5, found 7; list the insert, delete or move that shifts it."
        ),
        (
            .movedItemIdentityMismatch(from: path(0, 1), to: path(1, 0), expected: "5", found: "7"), 5,
            "Item move (0,1)→(1,0): expected 5 at the destination, found 7; move the item to its path in the new snapshot."
        ),
        (
            .reloadedItemNotInNewSnapshot(path: path(0, 1), item: "5"), 6,
            "Reloaded item 5 at old path (0,1) is not in the new snapshot; only items in both snapshots are reloaded, so delete it instead."
        ),
        (
            .reconfiguredItemNotInOldSnapshot(path: path(0, 1), item: "9"), 6,
            "Reconfigured item 9 at new path (0,1) is not in the old snapshot; only items in both snapshots are reconfigured, so insert it instead."
        ),
        (
            .reconfiguredItemIsReloaded(path: path(0, 1), reloadedPath: path(0, 2), item: "2"), 6,
            "Item 2 is both reloaded (old path (0,2)) and reconfigured (new path (0,1)); an item is reloaded or reconfigured, not both, so list it once."
        ),
    ]

    @Test("every error names its rule and says what and where", arguments: cases)
    func ruleAndDescription(error: BatchUpdateError, rule: Int, description: String) {
        #expect(error.rule == rule)
        #expect(error.description == description)
    }

    @Test func callersMatchTheThrownCase() {
        let old = makeSnapshot(["A": [1]])
        let new = makeSnapshot(["A": [1, 2]])
        do {
            try BatchUpdate().validate(from: old, to: new)
            Issue.record("an update missing an insert was accepted")
        } catch .invalidNumberOfItems(let section, let before, _, _, _, _, let after) {
            #expect(section == 0 && before == 1 && after == 2)
        } catch {
            Issue.record("unexpected error: \(error)")
        }
    }

    @Test func operationsNameTheSnapshotTheyAddress() {
        let old = BatchUpdateError.Operation.allCases.filter(\.addressesOldSnapshot)
        #expect(old == [.sectionDelete, .sectionMoveSource, .sectionReload, .itemDelete, .itemMoveSource, .itemReload])
        #expect(BatchUpdateError.Operation.itemMoveDestination.description == "item move destination")
    }
}
