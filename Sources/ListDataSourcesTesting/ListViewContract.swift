public import DiffableSnapshots
import DiffableSupport
public import ListDataSources

/// The behaviour every `ListView` shows when a `DiffableDataSource` drives it, checked on
/// your own view.
///
/// The contract drives fresh instances of your view through a data source, scenario by scenario
/// (``ListViewContractScenario``): first applies, long random walks of updates, reloads, marks,
/// known updates, failing cell providers, concurrent applies, section snapshots and reordering.
/// Between the data source and your view it puts a probe that checks every batch update against
/// the rules of `BatchUpdate.validate(from:to:)` and counts the calls. Your view passes when
/// ``run(_:seed:steps:)`` returns no failure.
///
/// It depends on no test framework, so it runs under Swift Testing, XCTest or a plain
/// executable:
///
/// ```swift
/// import ListDataSourcesTesting
/// import Testing
///
/// @Test(arguments: ListViewContractScenario.allCases)
/// func myViewKeepsTheContract(_ scenario: ListViewContractScenario) async {
///     let contract = ListViewContract(
///         makeView: { MyListView() },
///         cell: { item in MyRow(item) },
///         shownSnapshot: { view in view.currentSnapshot }
///     )
///     let failures = await contract.run([scenario])
///     #expect(failures.isEmpty, "\(failures)")
/// }
/// ```
///
/// A view that can say which snapshot it shows (`shownSnapshot`) is checked against it after
/// every apply; one that cannot is checked through what it receives only.
public struct ListViewContract<View: ListView>: Sendable {
    /// The snapshot type of the view.
    public typealias Snapshot = DiffableDataSourceSnapshot<View.SectionIdentifierType, View.ItemIdentifierType>

    let makeView: @Sendable () -> View
    let sectionIdentifier: @Sendable (Int) -> View.SectionIdentifierType
    let itemIdentifier: @Sendable (Int) -> View.ItemIdentifierType
    let cell: @Sendable (View.ItemIdentifierType) -> View.Cell
    let shownSnapshot: @Sendable (View) -> Snapshot?

    /// A contract for views made by `makeView`.
    ///
    /// - Parameters:
    ///   - makeView: Makes a fresh view; each scenario uses its own.
    ///   - sectionIdentifier: The identifier of section `n` (`n` from 0 to 7); distinct numbers
    ///     must give distinct identifiers.
    ///   - itemIdentifier: The identifier of item `n` (`n` from 0 to 399, and a few numbers above
    ///     100,000 for items made to fail); distinct numbers must give distinct identifiers.
    ///   - cell: Makes the cell of an item.
    ///   - shownSnapshot: The snapshot the view shows (marks aside), or `nil` when it cannot say.
    public init(
        makeView: @escaping @Sendable () -> View,
        sectionIdentifier: @escaping @Sendable (Int) -> View.SectionIdentifierType,
        itemIdentifier: @escaping @Sendable (Int) -> View.ItemIdentifierType,
        cell: @escaping @Sendable (View.ItemIdentifierType) -> View.Cell,
        shownSnapshot: @escaping @Sendable (View) -> Snapshot? = { _ in nil }
    ) {
        self.makeView = makeView
        self.sectionIdentifier = sectionIdentifier
        self.itemIdentifier = itemIdentifier
        self.cell = cell
        self.shownSnapshot = shownSnapshot
    }

    /// Checks `scenarios` (all by default) and returns every failure found, in scenario order.
    ///
    /// - Parameters:
    ///   - scenarios: The scenarios to check.
    ///   - seed: The seed of the random snapshots; a failure names it, so it can be replayed.
    ///   - steps: How many applies a random walk makes.
    public func run(
        _ scenarios: [ListViewContractScenario] = ListViewContractScenario.allCases,
        seed: UInt64 = 0xC0_47AC_7000,
        steps: Int = 80
    ) async -> [ListViewContractFailure] {
        var failures: [ListViewContractFailure] = []
        for scenario in scenarios {
            var run = ContractRun(contract: self, scenario: scenario, seed: seed, steps: steps)
            do {
                try await run.check()
            } catch {
                run.fail("unexpected error: \(clause("\(error)"))")
            }
            failures += run.failures
        }
        return failures
    }
}

extension ListViewContract where View.SectionIdentifierType == String, View.ItemIdentifierType == Int {
    /// A contract for views of `String` sections and `Int` items: sections `s0` to `s7`, items
    /// numbered.
    public init(
        makeView: @escaping @Sendable () -> View,
        cell: @escaping @Sendable (Int) -> View.Cell,
        shownSnapshot: @escaping @Sendable (View) -> Snapshot? = { _ in nil }
    ) {
        self.init(makeView: makeView, sectionIdentifier: { "s\($0)" }, itemIdentifier: { $0 }, cell: cell, shownSnapshot: shownSnapshot)
    }
}
