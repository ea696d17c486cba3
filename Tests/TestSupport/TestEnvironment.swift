import Foundation

/// The one way tests read their counts and seeds from the environment, so that a longer run or a
/// replay looks the same for every suite (the README lists the variables).
///
/// Counts are decimal (`2000` or `2_000`); seeds are decimal or hexadecimal with `0x`, and a
/// failing test prints its seed in the hexadecimal form. A value that does not parse is ignored
/// (the default applies), never a crash.
package enum TestEnvironment {
    /// The count in the variable `name`, or `defaultValue`.
    package static func count(_ name: String, default defaultValue: Int) -> Int {
        guard let text = ProcessInfo.processInfo.environment[name] else { return defaultValue }
        return Int(text.replacingOccurrences(of: "_", with: "")) ?? defaultValue
    }

    /// The seed in the variable `name`, or `defaultValue`.
    package static func seed(_ name: String, default defaultValue: UInt64) -> UInt64 {
        guard let text = ProcessInfo.processInfo.environment[name] else { return defaultValue }
        return parseSeed(text) ?? defaultValue
    }

    /// The seeds a test runs: the one in the variable `name` when it is set and parses (a
    /// replay), otherwise `defaults`.
    package static func seeds(_ name: String, default defaults: [UInt64]) -> [UInt64] {
        guard let text = ProcessInfo.processInfo.environment[name], let seed = parseSeed(text) else { return defaults }
        return [seed]
    }

    /// A seed as a test prints it, to paste into its variable.
    package static func describe(seed: UInt64) -> String {
        "0x" + String(seed, radix: 16)
    }

    static func parseSeed(_ text: String) -> UInt64? {
        let digits = text.replacingOccurrences(of: "_", with: "")
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { return UInt64(digits.dropFirst(2), radix: 16) }
        return UInt64(digits)
    }

    /// The number of cases of the snapshot, diff, validator and predicate randomized tests:
    /// `DIFFABLE_RANDOM_CASES`, or `defaultCount`.
    package static func randomCaseCount(default defaultCount: Int) -> Int {
        count("DIFFABLE_RANDOM_CASES", default: defaultCount)
    }

    /// The seeds a randomized test runs, the same way in every suite: `DIFFABLE_RANDOM_SEED=S`
    /// replays from seed S (one case, or `DIFFABLE_RANDOM_CASES` of them); otherwise
    /// ``randomCaseCount(default:)`` cases from `defaultFirst`.
    package static func randomSeeds(defaultCount: Int, defaultFirst: UInt64 = 0) -> Range<UInt64> {
        let environment = ProcessInfo.processInfo.environment
        if let first = environment["DIFFABLE_RANDOM_SEED"].flatMap(parseSeed) {
            return first..<(first + UInt64(count("DIFFABLE_RANDOM_CASES", default: 1)))
        }
        return defaultFirst..<(defaultFirst + UInt64(randomCaseCount(default: defaultCount)))
    }
}
