import DiffableSnapshots
import DiffableSupport
import ListDataSources

/// One scenario of a ``ListViewContract`` on a fresh view: the data source, the probe, the
/// troubles the cell provider is told to make, and the failures found.
struct ContractRun<View: ListView> {
    typealias Snapshot = DiffableDataSourceSnapshot<View.SectionIdentifierType, View.ItemIdentifierType>
    typealias Item = View.ItemIdentifierType

    /// What the cell provider is to do wrong, and which items it was asked for.
    struct Trouble {
        var throwing: Set<Item> = []
        var missing: Set<Item> = []
        var asked: [Item] = []
    }

    /// The error the cell provider throws for an item it is told to fail.
    struct CellFailure: Error, CustomStringConvertible {
        var description: String { "The contract's cell provider fails for this item, as the scenario asks." }
    }

    let contract: ListViewContract<View>
    let scenario: ListViewContractScenario
    let seed: UInt64
    let steps: Int
    let view: View
    let probe: ContractProbe<View>
    let dataSource: DiffableDataSource<View.SectionIdentifierType, View.ItemIdentifierType>
    let trouble = Locked(Trouble())
    var edits: RandomSnapshotEdits<View.SectionIdentifierType, View.ItemIdentifierType>
    private let found = Locked<[ListViewContractFailure]>([])

    init(contract: ListViewContract<View>, scenario: ListViewContractScenario, seed: UInt64, steps: Int) {
        self.contract = contract
        self.scenario = scenario
        self.seed = seed
        self.steps = steps
        view = contract.makeView()
        probe = ContractProbe(view)
        let trouble = trouble
        let cell = contract.cell
        dataSource = DiffableDataSource(view: probe) { _, _, item in
            let (throwing, missing) = trouble.withLock { trouble in
                trouble.asked.append(item)
                return (trouble.throwing.contains(item), trouble.missing.contains(item))
            }
            if throwing { throw CellFailure() }
            return missing ? nil : cell(item)
        }
        edits = RandomSnapshotEdits(seed: seed, section: contract.sectionIdentifier, item: contract.itemIdentifier)
    }

    func section(_ number: Int) -> View.SectionIdentifierType { contract.sectionIdentifier(number) }
    func item(_ number: Int) -> Item { contract.itemIdentifier(number) }

    /// A snapshot of sections numbered from 0, holding the items numbered in `layout`.
    func snapshot(_ layout: [[Int]]) -> Snapshot {
        var snapshot = Snapshot()
        for (number, items) in layout.enumerated() {
            snapshot.appendSections([section(number)])
            snapshot.appendItems(items.map(item), toSection: section(number))
        }
        return snapshot
    }

    // MARK: Reporting

    var failures: [ListViewContractFailure] { found.withLock { $0 } }

    func fail(_ message: String) {
        let failure = ListViewContractFailure(scenario: scenario, message: "\(message) (seed \(seed))")
        found.withLock { $0.append(failure) }
    }

    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    /// Applies `snapshot` and returns how, with the calls the view received meanwhile.
    func apply(
        _ snapshot: Snapshot,
        _ context: String
    ) async throws(DiffableDataSourceError) -> (ApplyMethod, [ContractProbe<View>.Call]) {
        let before = probe.calls.count
        let method = try await dataSource.apply(snapshot)
        return (method, Array(probe.calls.dropFirst(before)))
    }

    /// Checks that `calls` is one valid, successful batch update from `old` to `new`.
    func expectOneUpdate(_ calls: [ContractProbe<View>.Call], from old: Snapshot, to new: Snapshot, _ context: String) {
        guard calls.count == 1, case .update(_, let from, let to, let problem, let succeeded) = calls[0] else {
            fail("\(context): expected one batch update on the view, got \(describe(calls))")
            return
        }
        expect(succeeded, "\(context): the view threw on a valid update")
        expect(problem == nil, "\(context): invalid update: \(problem ?? "")")
        expect(sameLayout(from, old), "\(context): the update does not start from the snapshot shown")
        expect(sameLayout(to, new), "\(context): the update does not lead to the snapshot applied")
    }

    /// Checks that the view shows `expected`, when it can say what it shows.
    func expectShown(_ expected: Snapshot, _ context: String) {
        expect(sameLayout(dataSource.snapshot(), expected), "\(context): the data source does not hold the snapshot expected")
        guard let shown = contract.shownSnapshot(view) else { return }
        expect(
            sameLayout(shown, expected),
            "\(context): the view shows \(shown.sectionIdentifiers.map { shown.itemIdentifiers(inSection: $0) }), "
                + "expected \(expected.sectionIdentifiers.map { expected.itemIdentifiers(inSection: $0) })"
        )
    }

    func describe(_ calls: [ContractProbe<View>.Call]) -> String {
        calls.isEmpty
            ? "no call"
            : calls.map { call in
                switch call {
                case .reload: "a reload"
                case .update(let update, _, _, _, _): "the update \(update)"
                }
            }.joined(separator: ", ")
    }
}
