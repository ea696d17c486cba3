// Guards the examples in the documentation comments of `DiffableDataSourceSnapshot`:
// Sources/DiffableSnapshots/Snapshot/DiffableDataSourceSnapshot.swift, +Items.swift and
// +Paths.swift. The listing of +Description.swift is held by DiffableSnapshotsTests'
// `descriptionListsSectionsItemsAndMarks`.
import DiffableStore
import Foundation
import Testing

@Suite struct DiffableDataSourceSnapshotExampleTests {
    /// The type's example (DiffableDataSourceSnapshot.swift), verbatim; the test supplies the
    /// match IDs.
    @Test func theTypeExampleBuildsTwoSectionsWithAMark() {
        let liveMatchIDs = [UUID(), UUID()]
        let upcomingMatchIDs = [UUID()]
        let editedMatchID = liveMatchIDs[1]

        var snapshot = DiffableDataSourceSnapshot<String, UUID>()
        snapshot.appendSections(["Live", "Upcoming"])
        snapshot.appendItems(liveMatchIDs, toSection: "Live")
        snapshot.appendItems(upcomingMatchIDs)  // to the last section
        snapshot.reconfigureItems([editedMatchID])

        #expect(snapshot.itemIdentifiers(inSection: "Upcoming") == upcomingMatchIDs)
        #expect(snapshot.reconfiguredItemIdentifiers == [editedMatchID])
    }

    /// `appendItems(_:toSection:)`'s example (DiffableDataSourceSnapshot+Items.swift), verbatim;
    /// the test supplies a snapshot whose last section is not "Favourites".
    @Test func appendingWithoutASectionAppendsToTheLastOne() {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["Favourites", "All"])

        snapshot.appendItems([1, 2, 3])                     // to the last section
        snapshot.appendItems([4], toSection: "Favourites")  // to a named section

        #expect(snapshot.itemIdentifiers(inSection: "All") == [1, 2, 3])
        #expect(snapshot.itemIdentifiers(inSection: "Favourites") == [4])
    }

    /// `itemIdentifier(at:)`'s example (DiffableDataSourceSnapshot+Paths.swift), verbatim apart
    /// from the removed items collected for the check; the test supplies the snapshots and the
    /// update.
    @Test func aBatchUpdatesDeletesTurnBackIntoIdentifiers() {
        var oldSnapshot = DiffableDataSourceSnapshot<String, Int>()
        oldSnapshot.appendSections(["Live"])
        oldSnapshot.appendItems([1, 2, 3])
        var newSnapshot = oldSnapshot
        newSnapshot.deleteItems([1, 3])
        let update = BatchUpdate(from: oldSnapshot, to: newSnapshot)
        var removedItems: [Int] = []

        for path in update.itemDeletes {
            let removed = oldSnapshot.itemIdentifier(at: path)!
            removedItems.append(removed)
        }

        #expect(removedItems == [1, 3])
    }
}
