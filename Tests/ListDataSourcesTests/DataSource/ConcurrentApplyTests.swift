import DiffableSnapshots
import ListDataSources
import TestSupport
import Testing

@Suite("Concurrent applies")
struct ConcurrentApplyTests {
    /// The snapshot task `task` applies at its step `step`: one section per task, holding
    /// `task * 1000 + step` and a few items of the task, so every snapshot is distinct and says
    /// who applied it.
    static func snapshot(task: Int, step: Int) -> TestSnapshot {
        var snapshot = TestSnapshot()
        snapshot.appendSections(["shared", "task \(task)"])
        snapshot.appendItems([-1, -2, -3], toSection: "shared")
        snapshot.appendItems([task * 1_000 + step] + (0..<(step % 4)).map { task * 1_000 + 501 + $0 }, toSection: "task \(task)")
        if step % 3 == 0 { snapshot.reconfigureItems([-2]) }
        return snapshot
    }

    @Test("50 tasks applying at once: every update valid, each task's applies in its order, the view ends at the last one")
    func fiftyConcurrentTasks() async throws {
        let tasks = 50
        let steps = TestEnvironment.count("DIFFABLE_CONCURRENT_STEPS", default: 20)
        let (view, dataSource) = makeHeadless()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for step in 0..<steps {
                        try await dataSource.apply(Self.snapshot(task: task, step: step))
                    }
                }
            }
            try await group.waitForAll()
        }

        #expect(view.invalidUpdateCount == 0)
        let shown = view.history.map { event -> TestSnapshot in
            switch event {
            case .reloadData(let snapshot), .batchUpdate(_, let snapshot, _): snapshot
            case .rejectedUpdate: TestSnapshot()
            }
        }
        #expect(shown.count == tasks * steps)
        #expect(view.reloadCount == 1)
        // Each task's snapshots appear in the order the task applied them.
        var lastStep = [Int: Int]()
        for snapshot in shown {
            let marker = snapshot.itemIdentifiers(inSection: snapshot.sectionIdentifiers[1])[0]
            let (task, step) = (marker / 1_000, marker % 1_000)
            #expect(step == (lastStep[task] ?? -1) + 1, "task \(task) applied step \(step) after \(lastStep[task] ?? -1)")
            lastStep[task] = step
        }
        // The view and the data source end at the last snapshot applied.
        let last = try #require(shown.last)
        #expect(sectionLayout(of: view.snapshot) == sectionLayout(of: last))
        #expect(sectionLayout(of: dataSource.snapshot()) == sectionLayout(of: last))
    }

    @Test("calls from one actor run in the order they were made, even without waiting for each")
    @MainActor
    func callsFromOneActorKeepTheirOrder() async throws {
        let (view, dataSource) = makeHeadless()
        let snapshots = (0..<30).map { Self.snapshot(task: 1, step: $0) }
        var tasks: [Task<Void, any Error>] = []
        for snapshot in snapshots {
            tasks.append(Task { @MainActor in try await dataSource.apply(snapshot) })
        }
        for task in tasks { try await task.value }
        let markers = view.history.compactMap { event -> Int? in
            guard case .batchUpdate(_, let snapshot, _) = event else { return nil }
            return snapshot.itemIdentifiers(inSection: "task 1")[0]
        }
        #expect(markers == (1..<30).map { 1_000 + $0 })
    }
}
