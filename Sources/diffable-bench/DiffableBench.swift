import ArgumentParser

/// Benchmarks of every layer, each measured beside a baseline in the same run.
///
/// The command is synchronous, so every case runs on the main thread: the view context belongs
/// there, and the cases that follow it serve the main queue while they wait for a merge.
@main
struct DiffableBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diffable-bench",
        abstract: "Benchmarks DiffableStore against baselines measured in the same run.",
        discussion: """
            Every subcommand prints a table, or with --json one JSON object per result line with the keys \
            bench, case, ours_ms, ours_fastest_ms, ours_slowest_ms, baseline, baseline_ms (and baseline_fastest_ms, \
            baseline_slowest_ms, floor_ms, bytes_per_item, ids, p50_ms, p99_ms where they apply). Each time is the \
            median of --runs runs (at least 5); the fastest and slowest run show the spread. Baselines run on the \
            same thread, in turns with ours, in warm memory. Build in release: swift run -c release diffable-bench diff
            """,
        subcommands: [DiffBenchmark.self, SnapshotBenchmark.self, StoreBenchmark.self, FetchBenchmark.self, ApplyBenchmark.self, ControllerBenchmark.self, PipelineBenchmark.self, HistoryBenchmark.self, AggregateBenchmark.self, MigrateBenchmark.self, PostgresBenchmark.self, WebBenchmark.self]
    )
}
