// Guards the examples of the ListDataSourcesTesting getting-started article:
// Sources/ListDataSourcesTesting/Documentation.docc/GettingStarted.md.
import DiffableStore
import Foundation
import ListDataSourcesTesting
import Testing

@Suite struct ListDataSourcesTestingGettingStartedExampleTests {
    final class LinesView: ListView, @unchecked Sendable {
        typealias SectionIdentifierType = String
        typealias ItemIdentifierType = Int
        typealias Cell = String

        // Sendable as checked by hand: `lock` guards `shown` and `lines`, the only mutable state.
        private let lock = NSLock()
        private var shown = DiffableDataSourceSnapshot<String, Int>()
        private var lines: [String] = []

        var snapshot: DiffableDataSourceSnapshot<String, Int> { lock.withLock { shown } }

        func reloadData(_ content: ListViewContent<LinesView>) throws {
            try show(content)
        }

        func performBatchUpdates(_ update: ListViewUpdate<LinesView>) throws {
            try show(update.content)
        }

        private func show(_ content: ListViewContent<LinesView>) throws {
            let snapshot = content.snapshot
            var lines: [String] = []
            for (section, identifier) in snapshot.sectionIdentifiers.enumerated() {
                for item in 0..<snapshot.numberOfItems(inSection: identifier) {
                    lines.append(try content.cell(at: ItemPath(section: section, item: item)))
                }
            }
            lock.withLock { (self.shown, self.lines) = (snapshot, lines) }
        }
    }

    /// "Run the contract", verbatim (its imports the file's), on "A view to check"'s
    /// `LinesView` (declared in the suite verbatim, its imports the file's).
    @Test(arguments: ListViewContractScenario.allCases)
    func linesViewKeepsTheContract(_ scenario: ListViewContractScenario) async {
        let contract = ListViewContract(
            makeView: { LinesView() },
            cell: { "row \($0)" },
            shownSnapshot: { $0.snapshot })
        let failures = await contract.run([scenario])
        #expect(failures.isEmpty, "\(failures)")
    }

    /// "Read a failure", verbatim, with `print` captured: the view keeps the contract, so
    /// nothing is printed.
    @Test func aReplayedWalkReportsNoFailureForAGoodView() async {
        let printed = LogLines()
        func print(_ items: Any...) { printed.record(items) }

        let contract = ListViewContract(makeView: { LinesView() }, cell: { "row \($0)" })
        let failures = await contract.run([.appliesAreSingleBatchUpdates], seed: 42, steps: 500)
        for failure in failures {
            print(failure.scenario, failure.message)
        }

        #expect(printed.all.isEmpty)
    }

    /// "Random updates in your own tests", verbatim.
    @Test func randomEditsDriveTheView() async throws {
        var edits = RandomSnapshotEdits(seed: 7)
        let view = LinesView()
        let dataSource = DiffableDataSource(view: view) { _, _, item in "row \(item)" }
        var snapshot = edits.start()
        for _ in 0..<200 {
            try await dataSource.apply(snapshot)
            #expect(view.snapshot.itemIdentifiers == snapshot.itemIdentifiers)
            snapshot = edits.edited(snapshot)
        }
    }
}
