/// Median wall-clock time of `runs` runs of `body`, in milliseconds.
///
/// `prepare` runs before each run, outside the timed region, and hands `body` its input so
/// every run starts from the same state. One untimed warm-up run comes first.
func medianMilliseconds<Input, Output>(
    runs: Int,
    prepare: () -> Input,
    _ body: (Input) -> Output
) -> Double {
    let clock = ContinuousClock()
    blackHole(body(prepare()))
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let input = prepare()
        let start = clock.now
        let output = body(input)
        let elapsed = clock.now - start
        blackHole(output)
        let (seconds, attoseconds) = elapsed.components
        samples.append(Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
    }
    samples.sort()
    return samples.count % 2 == 1
        ? samples[samples.count / 2]
        : (samples[samples.count / 2 - 1] + samples[samples.count / 2]) / 2
}

/// Median time of `body` with no per-run preparation.
func medianMilliseconds<Output>(runs: Int, _ body: () -> Output) -> Double {
    medianMilliseconds(runs: runs, prepare: { () }, { _ in body() })
}

/// Keeps the optimiser from discarding a result.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
