/// One string operator with its right-hand string compiled: the code both the SQL function
/// `ds_match` and in-memory evaluation run, so `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE` and
/// `MATCHES` give the same answer in the store and in memory.
///
/// Semantics: both strings are folded with the options (`[c]`, `[d]`), then `BEGINSWITH`,
/// `ENDSWITH` and `CONTAINS` compare UTF-8 bytes (an empty right-hand string matches),
/// `LIKE` matches the whole string (see ``LikePattern``), and `MATCHES` requires the whole string
/// to match the regular expression (Swift `Regex` syntax; `[c]` ignores case, `[d]` folds
/// diacritics of both the string and the pattern).
struct TextMatcher: Sendable {
    private enum Compiled: Sendable {
        case bytes([UInt8])
        case like(LikePattern)
        case regex(RegexBox)
        case invalidRegex(reason: String)
    }

    let textOperator: TextOperator
    let options: ComparisonOptions
    private let compiled: Compiled

    /// Compiles `pattern` for `textOperator` with `options`.
    init(_ textOperator: TextOperator, pattern: String, options: ComparisonOptions) {
        self.textOperator = textOperator
        self.options = options
        switch textOperator {
        case .beginsWith, .endsWith, .contains:
            compiled = .bytes(Array(TextFolding.fold(pattern, options).utf8))
        case .like:
            compiled = .like(LikePattern(pattern, options: options))
        case .matches:
            let folded = TextFolding.fold(pattern, options.intersection(.diacriticInsensitive))
            switch RegexBox.compile(folded, ignoresCase: options.contains(.caseInsensitive)) {
            case .success(let box): compiled = .regex(box)
            case .failure(let invalid): compiled = .invalidRegex(reason: invalid.reason)
            }
        }
    }

    /// Why the pattern of `MATCHES` is not a valid regular expression, or nil.
    var regexError: String? {
        if case .invalidRegex(let reason) = compiled { return reason }
        return nil
    }

    /// Whether `subject` matches; nil when the pattern is an invalid regular expression (SQL's
    /// unknown).
    func matches(_ subject: String) -> Bool? {
        switch compiled {
        case .invalidRegex:
            return nil
        case .regex(let box):
            return box.wholeMatches(TextFolding.fold(subject, options.intersection(.diacriticInsensitive)))
        case .bytes(let needle):
            var folded = TextFolding.fold(subject, options)
            return folded.withUTF8 { Self.find(needle, in: $0, textOperator) }
        case .like(let pattern):
            var folded = TextFolding.fold(subject, options)
            return folded.withUTF8 { pattern.matches($0) }
        }
    }

    /// `BEGINSWITH`, `ENDSWITH` or `CONTAINS` over bytes.
    private static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, _ textOperator: TextOperator) -> Bool {
        guard needle.count <= haystack.count else { return false }
        switch textOperator {
        case .beginsWith:
            return haystack.prefix(needle.count).elementsEqual(needle)
        case .endsWith:
            return haystack.suffix(needle.count).elementsEqual(needle)
        default:
            guard let first = needle.first else { return true }
            var start = 0
            let last = haystack.count - needle.count
            while start <= last {
                if haystack[start] == first && haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
                start += 1
            }
            return false
        }
    }
}
