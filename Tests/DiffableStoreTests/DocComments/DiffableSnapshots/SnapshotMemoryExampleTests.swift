// Guards the example in the documentation comment of `SnapshotMemory`:
// Sources/DiffableSnapshots/Storage/SnapshotMemory.swift.
import DiffableStore
import Testing

/// `SnapshotMemory`'s example, verbatim, after one large snapshot was dropped and while another
/// is alive: the one alive keeps its memory and answers as before. (How many bytes are freed
/// depends on what the suites running beside this one keep, so it is not checked here;
/// `SnapshotMemoryTests` checks it on a pool of its own.)
@Test func releasingCachedMemoryLeavesLiveSnapshotsWhole() {
    var alive = DiffableDataSourceSnapshot<Int, Int>()
    alive.appendSections([0])
    alive.appendItems(Array(0..<200_000))
    do {
        var gone = alive
        gone.appendItems(Array(200_000..<400_000))
        #expect(gone.indexOfItem(399_999) == 399_999)
    }

    // The large list is gone, and no snapshot of its size is coming back soon.
    let freed = SnapshotMemory.releaseCachedMemory()

    #expect(freed >= 0)
    #expect(alive.indexOfItem(199_999) == 199_999)
    #expect(alive.numberOfItems == 200_000)
}
