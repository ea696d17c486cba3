import DiffableSnapshots
import DiffableSupport
import ListDataSources

extension ContractRun {
    /// Runs the scenario.
    mutating func check() async throws {
        switch scenario {
        case .firstApplyReloads: try await checkFirstApplyReloads()
        case .appliesAreSingleBatchUpdates: try await checkSingleBatchUpdates()
        case .reloadDataReloads: try await checkReloadData()
        case .equalSnapshotHonoursMarks: try await checkEqualSnapshots()
        case .knownUpdatesArePerformed: try await checkKnownUpdates()
        case .failingCellKeepsLastState: try await checkFailingCell(returningNil: false)
        case .missingCellKeepsLastState: try await checkFailingCell(returningNil: true)
        case .concurrentAppliesKeepOrder: try await checkConcurrentApplies()
        case .sectionSnapshotsReplaceTheirSection: try await checkSectionSnapshot()
        case .reorderingIsOneMove: try await checkReordering()
        case .visibleItemsAreShown: try await checkVisibleItems()
        }
    }

    mutating func checkFirstApplyReloads() async throws {
        let first = snapshot([[0, 1, 2], [], [3]])
        let (method, calls) = try await apply(first, "first apply")
        expect(method == .reloadData, "the first apply was \(method), not a reload")
        expect(calls.count == 1 && calls.allSatisfy { if case .reload(_, true) = $0 { true } else { false } },
               "the first apply gave \(describe(calls)), not one reload")
        expectShown(first, "after the first apply")

        let (_, emptying) = try await apply(Snapshot(), "apply of an empty snapshot")
        expectOneUpdate(emptying, from: first, to: Snapshot(), "apply of an empty snapshot")
        let next = snapshot([[4, 5]])
        let (method2, calls2) = try await apply(next, "apply to a view showing no sections")
        expect(method2 == .reloadData && calls2.count == 1, "an apply to a view showing no sections gave \(describe(calls2)), not one reload")
        expectShown(next, "after reloading an empty view")
    }

    mutating func checkSingleBatchUpdates() async throws {
        var current = edits.start()
        _ = try await apply(current, "first apply")
        for step in 0..<steps {
            let next = edits.edited(current)
            let (method, calls) = try await apply(next, "step \(step)")
            expect(method == .diff, "step \(step): the apply was \(method), not a diff")
            expectOneUpdate(calls, from: current, to: next, "step \(step)")
            expectShown(next, "step \(step)")
            current = next
        }
    }

    mutating func checkReloadData() async throws {
        let first = edits.start()
        _ = try await apply(first, "first apply")
        let next = edits.edited(first, maximumEdits: 10)
        let before = probe.calls.count
        let method = try await dataSource.applySnapshotUsingReloadData(next)
        let calls = Array(probe.calls.dropFirst(before))
        expect(method == .reloadData, "applySnapshotUsingReloadData returned \(method)")
        expect(calls.count == 1 && calls.allSatisfy { if case .reload(_, true) = $0 { true } else { false } },
               "applySnapshotUsingReloadData gave \(describe(calls)), not one reload")
        expectShown(next, "after applySnapshotUsingReloadData")
    }

    mutating func checkEqualSnapshots() async throws {
        let shown = snapshot([[0, 1, 2], [3, 4]])
        _ = try await apply(shown, "first apply")
        let (_, same) = try await apply(shown, "apply of the snapshot shown")
        expectOneUpdate(same, from: shown, to: shown, "apply of the snapshot shown")
        if case .update(let update, _, _, _, _) = same.first {
            expect(update.isEmpty, "an apply of the snapshot shown gave the update \(update), not an empty one")
        }
        var marked = shown
        marked.reconfigureItems([item(1)])
        marked.reloadItems([item(4)])
        let (_, refreshing) = try await apply(marked, "apply of the snapshot shown with marks")
        expectOneUpdate(refreshing, from: shown, to: marked, "apply of the snapshot shown with marks")
        if case .update(let update, _, _, _, _) = refreshing.first {
            let expected = BatchUpdate(itemReloads: [ItemPath(section: 1, item: 1)], itemReconfigures: [ItemPath(section: 0, item: 1)])
            expect(update == expected, "marks gave the update \(update), expected \(expected)")
        }
        expectShown(shown, "after applying marks")
    }

    mutating func checkKnownUpdates() async throws {
        var current = edits.start()
        _ = try await apply(current, "first apply")
        for step in 0..<(steps / 2) {
            let next = edits.edited(current)
            let update = BatchUpdate(from: current, to: next)
            let before = probe.calls.count
            let method = try await dataSource.apply(next, using: update, from: current)
            let calls = Array(probe.calls.dropFirst(before))
            expect(method == .knownUpdate, "step \(step): a known update was applied by \(method)")
            expectOneUpdate(calls, from: current, to: next, "step \(step)")
            if case .update(let performed, _, _, _, _) = calls.first {
                expect(performed == update, "step \(step): the view received \(performed), not the update passed, \(update)")
            }
            expectShown(next, "step \(step)")
            current = next
        }
        let skipped = edits.edited(current)
        let target = edits.edited(skipped)
        _ = try await apply(skipped, "apply before the stale update")
        let method = try await dataSource.apply(target, using: BatchUpdate(from: current, to: target), from: current)
        expect(method == .diff, "an update from a snapshot no longer shown was applied by \(method), not a diff")
        expectShown(target, "after a stale update")
    }

    mutating func checkFailingCell(returningNil: Bool) async throws {
        let first = snapshot([Array(0..<8), Array(8..<12)])
        _ = try await apply(first, "first apply")
        let troubled = item(100_000)
        var second = first
        second.insertItems([troubled], beforeItem: item(0))
        trouble.withLock { trouble in
            if returningNil { trouble.missing = [troubled] } else { trouble.throwing = [troubled] }
            trouble.asked = []
        }
        var current = first
        do {
            _ = try await apply(second, "apply of an item whose cell fails")
            let asked = trouble.withLock { $0.asked.contains(troubled) }
            expect(!asked, "the cell of \(troubled) failed during the apply, yet the apply succeeded: a view must throw the errors of the cells it asks for")
            expectShown(second, "after an apply that needed no failing cell")
            current = second
        } catch {
            switch error {
            case .cellProviderFailed(let described, _, _) where !returningNil,
                .cellUnavailable(let described, _) where returningNil:
                expect(described == String(reflecting: troubled), "the error names \(described), not \(troubled)")
            default:
                fail("the failing cell gave \(clause(error.description))")
            }
            expectShown(first, "after a failed apply")
        }
        trouble.withLock { $0 = Trouble() }
        var third = current
        third.appendItems([item(100_001)], toSection: section(1))
        let (_, calls) = try await apply(third, "apply after the failure")
        expectOneUpdate(calls, from: current, to: third, "apply after the failure")
        expectShown(third, "after the apply that followed the failure")
    }

    mutating func checkConcurrentApplies() async throws {
        let tasks = 10
        let stepsPerTask = max(2, steps / 10)
        let base = snapshot([Array(0..<10), Array(10..<15)])
        _ = try await apply(base, "first apply")
        var owners: [Item: (task: Int, step: Int)] = [:]
        var plans: [[Snapshot]] = []
        for task in 0..<tasks {
            plans.append((0..<stepsPerTask).map { step in
                let marker = item(100_000 + task * 100 + step)
                owners[marker] = (task, step)
                var snapshot = base
                snapshot.insertItems([marker], beforeItem: item(0))
                if step.isMultiple(of: 3) { snapshot.reconfigureItems([item(3)]) }
                return snapshot
            })
        }
        let dataSource = dataSource
        let before = probe.calls.count
        try await withThrowingTaskGroup(of: Void.self) { group in
            for plan in plans {
                group.addTask {
                    for snapshot in plan { try await dataSource.apply(snapshot) }
                }
            }
            try await group.waitForAll()
        }
        let calls = Array(probe.calls.dropFirst(before))
        expect(calls.count == tasks * stepsPerTask, "\(tasks * stepsPerTask) applies gave \(calls.count) calls")
        var lastStep: [Int: Int] = [:]
        for (index, call) in calls.enumerated() {
            guard case .update(_, _, let new, let problem, let succeeded) = call else {
                fail("call \(index) of the concurrent applies was a reload")
                continue
            }
            expect(succeeded && problem == nil, "call \(index) of the concurrent applies: \(problem ?? "the view threw")")
            guard let marker = new.itemIdentifiers(inSection: section(0)).first, let owner = owners[marker] else { continue }
            expect(owner.step == (lastStep[owner.task] ?? -1) + 1, "task \(owner.task)'s step \(owner.step) came out of order")
            lastStep[owner.task] = owner.step
        }
        if let last = calls.last { expectShown(last.target, "after the concurrent applies") }
    }

    mutating func checkSectionSnapshot() async throws {
        let first = snapshot([[0, 1], [2, 3, 4], [5]])
        _ = try await apply(first, "first apply")
        let replacement = DiffableDataSourceSectionSnapshot([item(4), item(6), item(2)])
        let before = probe.calls.count
        _ = try await dataSource.apply(replacement, to: section(1))
        let expected = snapshot([[0, 1], [4, 6, 2], [5]])
        expectOneUpdate(Array(probe.calls.dropFirst(before)), from: first, to: expected, "section snapshot apply")
        expectShown(expected, "after a section snapshot apply")
    }

    mutating func checkReordering() async throws {
        let first = snapshot([[0, 1, 2, 3], [4, 5]])
        _ = try await apply(first, "first apply")
        dataSource.reorderingHandlers.canReorderItem = { _ in true }
        let source = ItemPath(section: 0, item: 0)
        let destination = ItemPath(section: 1, item: 2)
        let before = probe.calls.count
        let moved = try await dataSource.moveItem(at: source, to: destination)
        let calls = Array(probe.calls.dropFirst(before))
        let expected = snapshot([[1, 2, 3], [4, 5, 0]])
        expect(moved, "moveItem(at:to:) refused a move it was allowed")
        expectOneUpdate(calls, from: first, to: expected, "reordering")
        if case .update(let update, _, _, _, _) = calls.first {
            expect(update == BatchUpdate(itemMoves: [BatchUpdate.Move(from: source, to: destination)]),
                   "a reordering gave the update \(update), not one move")
        }
        expectShown(expected, "after reordering")
    }

    mutating func checkVisibleItems() async throws {
        var current = edits.start()
        _ = try await apply(current, "first apply")
        for step in 0..<max(1, steps / 4) {
            current = edits.edited(current)
            _ = try await apply(current, "step \(step)")
            let shown = contract.shownSnapshot(view) ?? dataSource.snapshot()
            let sections = shown.sectionIdentifiers
            for path in view.indexPathsForVisibleItems {
                let valid = path.section >= 0 && path.section < sections.count && path.item >= 0
                    && path.item < shown.numberOfItems(inSection: sections[path.section])
                expect(valid, "step \(step): the view reports \(path) visible, which it does not show")
            }
        }
    }
}
