/// The runs of one timing, in milliseconds: the median, which the results report, and the
/// fastest and slowest run, which show how much the runs spread.
struct Measurement {
    var median: Double
    var fastest: Double
    var slowest: Double
    /// How many runs the figures come from.
    var runCount: Int

    /// The measurement of `runs` (at least one).
    init(runs: [Double]) {
        precondition(!runs.isEmpty, "A measurement needs at least one run.")
        let middle = diffable_bench.median(runs)
        median = middle
        fastest = runs.min()!
        slowest = runs.max()!
        runCount = runs.count
    }

    /// One figure with no spread of its own (a figure derived from other measurements).
    init(exactly value: Double) {
        (median, fastest, slowest, runCount) = (value, value, value, 1)
    }

    /// Every figure divided by `divisor`: from a run of several operations to one operation.
    func divided(by divisor: Double) -> Measurement {
        var result = self
        result.median /= divisor
        result.fastest /= divisor
        result.slowest /= divisor
        return result
    }

    /// The spread as text, fastest to slowest: `2.91–3.40`, or `one run`.
    var spread: String {
        runCount == 1 ? "one run" : "\(formatted(fastest, decimals: 3))–\(formatted(slowest, decimals: 3))"
    }
}
