import DiffableSnapshots
import TestSupport
import Testing

/// Rule 6: reloaded and reconfigured items are in both snapshots; a reloaded item is a kept item
/// and a reconfigured item a kept or moved one.
///
/// A reload or reconfigure of an item that is not in both snapshots also puts a wrong identifier
/// somewhere, which rule 5 reports first; ``BatchUpdate/validationErrors(from:to:)`` lists both.
/// Reloading a moved or deleted item, and reconfiguring an inserted one or one in a replaced
/// section, are rule 2 and rule 3 errors (see their tests).
@Suite("Rule 6: refreshes")
struct BatchUpdateValidationRefreshTests {
    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    @Test func aReloadedItemMissingFromTheNewSnapshotIsRejected() {
        let old = makeSnapshot(["A": [1, 2]])
        let new = makeSnapshot(["A": [1, 3]])
        expectRejected(
            BatchUpdate(itemReloads: [Self.path(0, 1)]), from: old, to: new,
            with: [
                .itemIdentityMismatch(from: Self.path(0, 1), to: Self.path(0, 1), expected: "2", found: "3"),
                .reloadedItemNotInNewSnapshot(path: Self.path(0, 1), item: "2"),
            ]
        )
    }

    @Test func aReconfiguredItemMissingFromTheOldSnapshotIsRejected() {
        let old = makeSnapshot(["A": [1, 2]])
        let new = makeSnapshot(["A": [1, 3]], reconfigured: [3])
        expectRejected(
            BatchUpdate(itemReconfigures: [Self.path(0, 1)]), from: old, to: new,
            with: [
                .itemIdentityMismatch(from: Self.path(0, 1), to: Self.path(0, 1), expected: "2", found: "3"),
                .reconfiguredItemNotInOldSnapshot(path: Self.path(0, 1), item: "3"),
            ]
        )
    }

    @Test func aReconfiguredItemThatIsReloadedIsRejected() {
        let old = makeSnapshot(["A": [0, 1, 2]])
        let new = makeSnapshot(["A": [1, 2]], reloaded: [2], reconfigured: [2])
        let update = BatchUpdate(
            itemDeletes: [Self.path(0, 0)],
            itemReloads: [Self.path(0, 2)],
            itemReconfigures: [Self.path(0, 1)]
        )
        expectRejected(
            update, from: old, to: new,
            with: [.reconfiguredItemIsReloaded(path: Self.path(0, 1), reloadedPath: Self.path(0, 2), item: "2")]
        )
    }

    @Test func aReconfiguredItemNextToAReloadedOneIsAccepted() {
        let old = makeSnapshot(["A": [0, 1, 2]])
        let new = makeSnapshot(["A": [1, 2]], reloaded: [2], reconfigured: [1])
        let update = BatchUpdate(
            itemDeletes: [Self.path(0, 0)],
            itemReloads: [Self.path(0, 2)],
            itemReconfigures: [Self.path(0, 0)]
        )
        expectAccepted(update, from: old, to: new)
    }
}
