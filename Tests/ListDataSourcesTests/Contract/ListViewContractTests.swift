import DiffableSupport
import DiffableSnapshots
import ListDataSources
import ListDataSourcesTesting
import Testing

/// Every list view shipped keeps the contract that a user's view can check too.
@Suite("List view contract")
struct ListViewContractTests {
    @Test("HeadlessListView keeps the contract", arguments: ListViewContractScenario.allCases)
    func headless(_ scenario: ListViewContractScenario) async {
        let contract = ListViewContract(
            makeView: { HeadlessListView<String, Int, String>() },
            cell: { "row \($0)" },
            shownSnapshot: { $0.snapshot }
        )
        await expectKept(contract, scenario)
    }

    @Test("TerminalListView keeps the contract", arguments: ListViewContractScenario.allCases)
    func terminal(_ scenario: ListViewContractScenario) async {
        let contract = ListViewContract(
            makeView: {
                TerminalListView<String, Int>(
                    size: TerminalSize(columns: 40, rows: 12),
                    output: TerminalScreen(size: TerminalSize(columns: 40, rows: 12)),
                    clock: { .zero }
                )
            },
            cell: { TerminalCell("item \($0)") },
            shownSnapshot: { $0.snapshot }
        )
        await expectKept(contract, scenario)
    }

    @Test("UpdateLog keeps the contract", arguments: ListViewContractScenario.allCases)
    func updateLog(_ scenario: ListViewContractScenario) async {
        let contract = ListViewContract(
            makeView: { UpdateLog(HeadlessListView<String, Int, String>()) { _ in } },
            cell: { "row \($0)" },
            shownSnapshot: { $0.base.snapshot }
        )
        await expectKept(contract, scenario)
    }

    @Test("a view that breaks the contract is caught")
    func brokenViewIsCaught() async {
        let contract = ListViewContract(
            makeView: { ForgetfulView() },
            cell: { $0 },
            shownSnapshot: { $0.shown }
        )
        let failures = await contract.run([.appliesAreSingleBatchUpdates, .failingCellKeepsLastState], steps: 10)
        #expect(failures.contains { $0.scenario == .appliesAreSingleBatchUpdates })
        #expect(failures.contains { $0.scenario == .failingCellKeepsLastState })
    }

    @Test("a failure names its scenario, what went wrong and how to replay it")
    func failureMessage() {
        let failure = ListViewContractFailure(
            scenario: .appliesAreSingleBatchUpdates, message: "step 3: the apply was reloadData, not a diff (seed 42)")
        #expect(
            failure.description
                == "The view breaks the list view contract in the scenario appliesAreSingleBatchUpdates: step 3: the apply "
                + "was reloadData, not a diff (seed 42). Fix the view; run(_:seed:steps:) with that seed replays the failure."
        )
    }
}

/// Runs one scenario of `contract` and records its failures.
func expectKept<View>(_ contract: ListViewContract<View>, _ scenario: ListViewContractScenario) async {
    let failures = await contract.run([scenario])
    #expect(failures.isEmpty, "\(failures)")
}

/// A view that shows only what it reloads, and swallows cell errors: two breaches of the contract.
final class ForgetfulView: ListView, Sendable {
    typealias SectionIdentifierType = String
    typealias ItemIdentifierType = Int
    typealias Cell = Int

    private let snapshot = Locked(DiffableDataSourceSnapshot<String, Int>())

    var shown: DiffableDataSourceSnapshot<String, Int> { snapshot.value }

    func reloadData(_ content: ListViewContent<ForgetfulView>) throws {
        snapshot.withLock { $0 = content.snapshot }
    }

    func performBatchUpdates(_ update: ListViewUpdate<ForgetfulView>) throws {
        for path in update.batchUpdate.itemInserts { _ = try? update.content.cell(at: path) }
    }
}
