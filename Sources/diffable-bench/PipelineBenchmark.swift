import ArgumentParser
import Foundation
import ObjectStore

/// `diffable-bench pipeline`: the whole pipeline of a home screen (banners, sports picker,
/// featured matches, standard and live matches by sport) from a background save to a list view
/// that shows it, composed by a `SnapshotComposer`, against the hand-made way.
struct PipelineBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipeline",
        abstract: "A composed home screen over 1M matches: time from a background save to the list view showing it, against refetch + rebuild + diff.",
        discussion: """
            Case home-1M: four fetched results controllers (sports; featured matches; standard and live matches \
            sectioned by sport) and banners decoded from JSON, composed into one list and applied to a headless list \
            view through a data source, while a background context saves 100 times a second for --live-seconds \
            seconds, 1 to 5 matches each (new ranks, live or not, new sport): p50_ms and p99_ms of the time from each \
            save to the view having applied every composition it caused. The baseline (baseline_ms: its p50) does it \
            by hand: on each merged save it refetches every request's IDs and section keys, rebuilds the combined \
            snapshot and has the data source diff it; it marks no updated item, ours does. --matches sets the size \
            (100000 for a quick check: case home-100k); --runs repeats the live run, ours and the baseline taking \
            turns, and reports the medians. Case home-1M-batches: the same with saves of 1 to 100 matches each. \
            --trace FILE writes each save of our runs with its phases (the writer's save, the wait for the view \
            context's merge, the controllers, composing and applying) as CSV.
            """
    )

    @OptionGroup var options: BenchOptions

    @Option(help: "Seconds each live run lasts.")
    var liveSeconds = 10

    @Option(help: "Matches in the store (1000000 for home-1M, 100000 for home-100k).")
    var matches = 1_000_000

    @Option(help: "Write each save of our live runs, phase by phase, to this CSV file.")
    var trace: String?

    func validate() throws {
        guard matches >= 1_000 else { throw ValidationError("--matches must be at least 1000, got \(matches)") }
    }

    func run() throws {
        let size = matches % 1_000_000 == 0 ? "\(matches / 1_000_000)M" : matches % 1_000 == 0 ? "\(matches / 1_000)k" : "\(matches)"
        let cases = [("home-\(size)", 1...5), ("home-\(size)-batches", 1...100)].filter { options.includes($0.0) }
        guard !cases.isEmpty else { return }
        var report = BenchReport(json: options.json)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffable-bench-pipeline-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try HomeStore(url: directory.appendingPathComponent("home.sqlite"), count: matches)
        var trace = PipelineTrace()
        for (caseName, changes) in cases {
            report.add(try measure(caseName, changes: changes, store, trace: &trace))
        }
        if let path = self.trace { try trace.write(to: URL(fileURLWithPath: path)) }
    }

    /// Live runs of ours and the baseline in turns, each save changing `changes` matches.
    private func measure(_ caseName: String, changes: ClosedRange<Int>, _ store: HomeStore, trace: inout PipelineTrace) throws -> BenchResult {
        // Live runs cost 10 s each: --runs 5 (the default) makes one of each, more make more.
        let runs = max(1, options.runs / 5)
        var ours: [(p50: Double, p99: Double)] = []
        var baseline: [(p50: Double, p99: Double)] = []
        for run in 0..<runs {
            let home = try ComposedHome(store: store)
            let record = LiveRun(store: store, follower: home, seconds: liveSeconds, changes: changes).run()
            ours.append(record.percentiles)
            trace.add(caseName, run: run, record, mergeMoments: home.mergeMoments)
            if !options.noBaseline { baseline.append(LiveRun(store: store, follower: HandMadeHome(store: store), seconds: liveSeconds, changes: changes).latencies()) }
        }
        let p50 = median(ours.map(\.p50)), p99 = median(ours.map(\.p99))
        let baselineP50 = baseline.isEmpty ? nil : median(baseline.map(\.p50))
        let baselineP99 = baseline.isEmpty ? nil : median(baseline.map(\.p99))
        var note = "\(runs) live run(s) of \(liveSeconds) s, 100 saves/s of \(changes.lowerBound) to \(changes.upperBound) matches; ours p50 \(formatted(p50, decimals: 3)) ms p99 \(formatted(p99, decimals: 3)) ms"
        if let baselineP50, let baselineP99 {
            note += "; baseline (one refetch reflects every save merged meanwhile) p50 \(formatted(baselineP50, decimals: 3)) ms p99 \(formatted(baselineP99, decimals: 3)) ms, \(formatted(baselineP50 / p50, decimals: 1))× ours at p50"
        }
        note += "; goals p99 under 16 ms, baseline p50 at least 50× ours"
        var result = BenchResult(
            bench: "pipeline", caseName: caseName, ids: nil, oursMilliseconds: Measurement(runs: ours.map(\.p50)),
            baseline: "refetch all, rebuild, diff", baselineMilliseconds: baseline.isEmpty ? nil : Measurement(runs: baseline.map(\.p50)), note: note)
        result.extra = [("p50_ms", p50), ("p99_ms", p99)]
        if let baselineP99 { result.extra.append(("baseline_p99_ms", baselineP99)) }
        return result
    }
}
