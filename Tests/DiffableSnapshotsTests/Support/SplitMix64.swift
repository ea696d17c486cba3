import Foundation

/// A small, fast, seedable generator, so every random test can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The number of cases a randomized test runs: `defaultCount`, or the value of the environment
/// variable `DIFFABLE_RANDOM_CASES` when it is set, for long runs.
func randomCaseCount(default defaultCount: Int) -> Int {
    guard let text = ProcessInfo.processInfo.environment["DIFFABLE_RANDOM_CASES"], let count = Int(text) else {
        return defaultCount
    }
    return count
}

/// The seeds a randomized test runs, the same way in every suite:
/// - `DIFFABLE_RANDOM_SEED=S` replays from seed S: one case, or `DIFFABLE_RANDOM_CASES` of them;
/// - otherwise `randomCaseCount(default:)` cases from `defaultFirst`.
func randomSeeds(defaultCount: Int, defaultFirst: UInt64 = 0) -> Range<UInt64> {
    let environment = ProcessInfo.processInfo.environment
    if let first = environment["DIFFABLE_RANDOM_SEED"].flatMap({ UInt64($0) }) {
        let count = environment["DIFFABLE_RANDOM_CASES"].flatMap { Int($0) } ?? 1
        return first..<(first + UInt64(count))
    }
    return defaultFirst..<(defaultFirst + UInt64(randomCaseCount(default: defaultCount)))
}
