import ArgumentParser

/// Options every benchmark subcommand takes.
struct BenchOptions: ParsableArguments {
    @Flag(help: "Print one JSON object per result instead of a table.")
    var json = false

    @Option(help: "Runs per measurement; the median is reported (at least 5).")
    var runs = 5

    @Flag(help: "Skip the baselines (for profiling our side only).")
    var noBaseline = false

    @Option(name: .customLong("case"), help: "Run only the cases whose name contains this text.")
    var caseFilter: String?

    @Flag(help: "Time the measuring thread's CPU time instead of wall time (on a machine other processes load).")
    var cpuTime = false

    func validate() throws {
        guard runs >= 5 else { throw ValidationError("--runs must be at least 5, got \(runs)") }
        BenchClock.measuresCPUTime = cpuTime
    }

    /// `ours` and, unless `--no-baseline`, `baseline`, measured in turns.
    func compare(_ ours: Timing, against baseline: Timing) -> (ours: Measurement, baseline: Measurement?) {
        let measurements = interleavedMeasurements(runs: runs, noBaseline ? [ours] : [ours, baseline])
        return (measurements[0], measurements.count > 1 ? measurements[1] : nil)
    }

    func includes(_ caseName: String) -> Bool {
        caseFilter.map { caseName.contains($0) } ?? true
    }
}
