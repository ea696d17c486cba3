/// A compiled regular expression that can be shared between threads (a `Regex` value is never
/// mutated after compiling).
final class RegexBox: @unchecked Sendable {
    private let regex: Regex<AnyRegexOutput>

    /// Compiles `pattern`, or returns nil when it is not a valid regular expression.
    init?(_ pattern: String, ignoresCase: Bool) {
        guard let regex = try? Regex(pattern) else { return nil }
        self.regex = ignoresCase ? regex.ignoresCase() : regex
    }

    /// Whether the whole of `subject` matches.
    func wholeMatches(_ subject: String) -> Bool {
        (try? regex.wholeMatch(in: subject)) != nil
    }

    /// The reason `pattern` does not compile, or nil when it does.
    static func compileError(_ pattern: String) -> String? {
        do {
            _ = try Regex(pattern)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
