import ArgumentParser
import DiffableSnapshots
import ListDataSources

/// `diffable-bench apply`: a data source applying successive small changes to a 100k-row list,
/// with the batch update it is handed against diffing each snapshot.
///
/// Every case applies the same changes (1 to 10 items each, from a ``ChangeChain``) in the same
/// order, after an untimed first apply; ours and the baseline take turns run by run.
struct ApplyBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "DiffableDataSource: known batch updates against the diff path, reloads, and the terminal view."
    )

    @OptionGroup var options: BenchOptions

    @Option(help: "Successive changes applied per run in the known-update and terminal cases.")
    var changes = 10_000

    static let rows = 100_000

    typealias Headless = HeadlessListView<Int, Int, Int>
    typealias Terminal = TerminalListView<Int, Int>

    func run() throws {
        try waitFor { try await self.measureAll() }
    }

    /// Every case, on Swift's pool: a data source's applies are asynchronous.
    private func measureAll() async throws {
        var report = BenchReport(json: options.json)
        let chain = ChangeChain(rows: Self.rows, links: 32, seed: 0x5EED_A991)
        let diffPath = "diff path (apply without the update)"

        if options.includes("known-update-100k") {
            let (ours, baseline) = try await measure(changes: changes, ours: { try await self.applyHeadless(chain, $0, known: true) },
                                                     baseline: { try await self.applyHeadless(chain, $0, known: false) })
            report.add(BenchResult(
                bench: "apply", caseName: "known-update-100k", ids: "Int", oursMilliseconds: ours,
                baseline: diffPath, baselineMilliseconds: baseline,
                note: "ms per apply: mean over \(changes) applies of 1-10 changed items to a 100k-row HeadlessListView "
                    + "that does not validate; known update against diff, same changes, same view"
            ))
        }
        if options.includes("reload-100k") {
            let reloads = max(10, changes / 100)
            let (ours, baseline) = try await measure(changes: reloads, ours: { try await self.reloadHeadless(chain, $0) },
                                                     baseline: { try await self.applyHeadless(chain, $0, known: false) })
            report.add(BenchResult(
                bench: "apply", caseName: "reload-100k", ids: "Int", oursMilliseconds: ours,
                baseline: diffPath, baselineMilliseconds: baseline,
                note: "ms per apply: mean over \(reloads) applySnapshotUsingReloadData (100k cells each) against as many diffed applies"
            ))
        }
        if options.includes("terminal-100k") {
            let (ours, baseline) = try await measure(changes: changes, ours: { try await self.applyTerminal(chain, $0, known: true) },
                                                     baseline: { try await self.applyTerminal(chain, $0, known: false) })
            report.add(BenchResult(
                bench: "apply", caseName: "terminal-100k", ids: "Int", oursMilliseconds: ours,
                baseline: diffPath, baselineMilliseconds: baseline,
                note: "ms per apply: mean over \(changes) known updates drawn by TerminalListView into an 80×40 "
                    + "TerminalScreen, scrolled to a selected row mid-list; goal under 1 ms"
            ))
        }
    }

    /// Ours and (unless `--no-baseline`) the baseline, in milliseconds per apply, timed in
    /// turns after a short untimed warm-up of each.
    private func measure(
        changes: Int,
        ours: (Int) async throws -> Double,
        baseline: (Int) async throws -> Double
    ) async throws -> (Measurement, Measurement?) {
        let warmUp = max(1, changes / 10)
        _ = try await ours(warmUp)
        if !options.noBaseline { _ = try await baseline(warmUp) }
        var oursSamples: [Double] = []
        var baselineSamples: [Double] = []
        for _ in 0..<options.runs {
            oursSamples.append(try await ours(changes) / Double(changes))
            if !options.noBaseline { baselineSamples.append(try await baseline(changes) / Double(changes)) }
        }
        return (Measurement(runs: oursSamples), options.noBaseline ? nil : Measurement(runs: baselineSamples))
    }

    /// Applies `count` changes of `chain` to a fresh headless view, with their batch updates
    /// (`known`) or without; returns the milliseconds the applies took.
    private func applyHeadless(_ chain: ChangeChain, _ count: Int, known: Bool) async throws -> Double {
        let view = Headless(validatesUpdates: false, recordsHistory: false)
        let dataSource = DiffableDataSource(view: view) { _, _, item in item }
        return try await timeChanges(chain, count, dataSource, known: known)
    }

    /// Applies `count` changes of `chain` to a fresh headless view by reloading it each time.
    private func reloadHeadless(_ chain: ChangeChain, _ count: Int) async throws -> Double {
        let view = Headless(validatesUpdates: false, recordsHistory: false)
        let dataSource = DiffableDataSource(view: view) { _, _, item in item }
        try await dataSource.apply(chain.step(0).from)
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<count {
            try await dataSource.applySnapshotUsingReloadData(chain.step(index).to)
        }
        return milliseconds(clock.now - start)
    }

    /// Applies `count` changes of `chain` to a fresh 80×40 terminal view drawing into a screen
    /// buffer, scrolled to a row selected mid-list.
    private func applyTerminal(_ chain: ChangeChain, _ count: Int, known: Bool) async throws -> Double {
        let size = TerminalSize(columns: 80, rows: 40)
        let view = Terminal(size: size, output: TerminalScreen(size: size))
        let dataSource = DiffableDataSource(view: view) { _, _, item in TerminalCell("match \(item)", detail: "\(item % 7):\(item % 5)") }
        let first = chain.step(0).from
        try await dataSource.apply(first)
        view.select(first.itemIdentifiers[Self.rows / 2])
        return try await timeChanges(chain, count, dataSource, known: known, firstApplied: true)
    }

    private func timeChanges(
        _ chain: ChangeChain,
        _ count: Int,
        _ dataSource: DiffableDataSource<Int, Int>,
        known: Bool,
        firstApplied: Bool = false
    ) async throws -> Double {
        if !firstApplied { try await dataSource.apply(chain.step(0).from) }
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<count {
            let step = chain.step(index)
            let method = known
                ? try await dataSource.apply(step.to, using: step.update, from: step.from)
                : try await dataSource.apply(step.to)
            guard method == (known ? .knownUpdate : .diff) else {
                throw ValidationError("change \(index) was applied by \(method)")
            }
        }
        return milliseconds(clock.now - start)
    }

    private func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
