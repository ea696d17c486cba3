import DiffableSnapshots
import Testing

@Suite("Snapshot programmer errors trap")
struct SnapshotTrapTests {
    @Test func appendingADuplicateItemTraps() async {
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["A"])
            snapshot.appendItems([1, 2])
            snapshot.appendItems([2])
        }
    }
}
