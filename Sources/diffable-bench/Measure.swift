import Foundation

/// One thing to time: each call of `run` prepares its input (untimed), times the body once and
/// returns the elapsed milliseconds.
struct Timing {
    let run: () -> Double

    /// Times `body` on a fresh input from `prepare` each run, so every run starts from the same state.
    init<Input, Output>(prepare: @escaping () -> Input, _ body: @escaping (Input) -> Output) {
        run = {
            let input = prepare()
            let start = BenchClock.now()
            let output = body(input)
            let elapsed = BenchClock.now() - start
            blackHole(output)
            return elapsed
        }
    }

    private init(run: @escaping () -> Double) {
        self.run = run
    }

    /// A run whose time `body` measures and returns itself, in milliseconds.
    static func reporting(_ body: @escaping () -> Double) -> Timing {
        Timing(run: body)
    }

    /// Times `body`, which needs no preparation.
    init<Output>(_ body: @escaping () -> Output) {
        self.init(prepare: {}, { _ in body() })
    }
}

/// Each timing measured over `runs` runs, in milliseconds.
///
/// The timings take turns, run by run (after one untimed warm-up each), so that a machine that
/// speeds up or slows down while the benchmark runs affects ours, the baseline and the floor
/// alike, and their ratios stay meaningful.
func interleavedMeasurements(runs: Int, _ timings: [Timing]) -> [Measurement] {
    for timing in timings { _ = timing.run() }
    var samples = Array(repeating: [Double](), count: timings.count)
    for _ in 0..<runs {
        for (index, timing) in timings.enumerated() {
            samples[index].append(timing.run())
        }
    }
    return samples.map { Measurement(runs: $0) }
}

/// The middle value of `values` (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Keeps the optimiser from discarding a result.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The clock timings read: wall time (the default), or with `--cpu-time` the CPU time of the
/// measuring thread, which leaves out the time other processes hold the CPU on a loaded machine
/// (but not what they do to the caches).
enum BenchClock {
    nonisolated(unsafe) static var measuresCPUTime = false

    /// Milliseconds from an arbitrary origin.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(measuresCPUTime ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1e6
    }
}
