/// A compiled regular expression that can be shared between threads (a `Regex` value is never
/// mutated after compiling).
final class RegexBox: @unchecked Sendable {
    private let regex: Regex<AnyRegexOutput>

    private init(_ regex: Regex<AnyRegexOutput>) {
        self.regex = regex
    }

    /// Compiles `pattern` once, or gives the reason it is not a valid regular expression.
    static func compile(_ pattern: String, ignoresCase: Bool) -> Result<RegexBox, InvalidPattern> {
        OperationCounts.record(\.regexCompilations)
        do {
            let regex = try Regex(pattern)
            return .success(RegexBox(ignoresCase ? regex.ignoresCase() : regex))
        } catch {
            return .failure(InvalidPattern(reason: "\(error)"))
        }
    }

    /// Whether the whole of `subject` matches.
    func wholeMatches(_ subject: String) -> Bool {
        (try? regex.wholeMatch(in: subject)) != nil
    }
}

/// Why a `MATCHES` pattern does not compile.
struct InvalidPattern: Error, Sendable {
    let reason: String
}
