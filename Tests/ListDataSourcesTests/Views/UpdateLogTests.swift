import DiffableSnapshots
import ListDataSources
import TestSupport
import Testing

@Suite("Update log")
struct UpdateLogTests {
    @Test("a batch update reads as one line, sections first, in UIKit's order")
    func descriptionOfEveryOperation() {
        let update = BatchUpdate(
            sectionDeletes: [0],
            sectionInserts: [2],
            sectionMoves: [BatchUpdate.Move(from: 3, to: 1)],
            sectionReloads: [4],
            itemDeletes: [ItemPath(section: 0, item: 3)],
            itemInserts: [ItemPath(section: 1, item: 2)],
            itemMoves: [BatchUpdate.Move(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 2, item: 0))],
            itemReloads: [ItemPath(section: 1, item: 4)],
            itemReconfigures: [ItemPath(section: 1, item: 5)]
        )
        #expect(update.description == "DS(0) IS(2) MS(3→1) RS(4) D(0,3) I(1,2) M(0,1→2,0) R(1,4) C(1,5)")
        #expect(BatchUpdate().description == "(no changes)")
    }

    @Test("each apply writes one line, after the wrapped view shows it")
    func eachApplyIsOneLine() async throws {
        let lines = Recorder<String>()
        let base = HeadlessListView<String, Int, String>()
        let log = UpdateLog(base, prefix: "home: ") { lines.append($0) }
        let dataSource = DiffableDataSource(view: log) { _, _, item in "row \(item)" }
        let first = makeSnapshot(["A": [1, 2, 3, 4], "B": [5]])
        try await dataSource.apply(first)
        var second = first
        second.deleteItems([4])
        second.appendItems([6], toSection: "B")
        second.moveItem(2, beforeItem: 5)
        second.reconfigureItems([3])
        try await dataSource.apply(second)
        try await dataSource.apply(second, animatingDifferences: false)
        #expect(lines.values == [
            "home: reload (2 sections, 5 items)",
            "home: D(0,3) I(1,2) M(0,1→1,0) C(0,1)",
            "home: C(0,1) (not animated)",
        ])
        #expect(sectionLayout(of: base.snapshot) == sectionLayout(of: second))
    }

    @Test("an update the wrapped view refuses is logged as failed")
    func refusedUpdateIsLogged() async throws {
        let lines = Recorder<String>()
        let log = UpdateLog(UpdateRefusingView()) { lines.append($0) }
        let dataSource = DiffableDataSource(view: log) { _, _, item in item }
        try await dataSource.apply(makeSnapshot(["A": [1]]))
        await #expect(throws: DiffableDataSourceError.self) {
            try await dataSource.apply(makeSnapshot(["A": [1, 2]]))
        }
        #expect(lines.values == ["reload (1 section, 1 item)", "I(0,1) failed: no data for 0"])
    }

    @Test("the log reports the wrapped view's visible items")
    func visibleItemsComeFromTheWrappedView() async throws {
        let base = HeadlessListView<String, Int, String>()
        base.visibleItemLimit = 2
        let log = UpdateLog(base) { _ in }
        let dataSource = DiffableDataSource(view: log) { _, _, item in "row \(item)" }
        try await dataSource.apply(makeSnapshot(["A": [7, 8, 9]]))
        #expect(dataSource.visibleItemIdentifiers() == [7, 8])
    }
}
