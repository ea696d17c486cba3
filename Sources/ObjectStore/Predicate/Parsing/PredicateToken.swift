/// One lexical token of a predicate format string.
struct PredicateToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A word: a key name or a keyword (keywords are recognised case-insensitively by the parser).
        case word(String)
        /// `#word`: a key name even when it spells a keyword.
        case escapedWord(String)
        /// Digits (decimal or `0x` hexadecimal), kept as text so `-9223372036854775808` parses.
        case integer(String)
        /// A number with a fraction or an exponent.
        case real(String)
        /// A quoted string, escapes resolved.
        case string(String)
        /// `$NAME`.
        case variable(String)
        /// `%@`, `%K`, `%d`, `%ld`, `%f`, ….
        case specifier(String)
        /// `@count`, `@sum`, `@avg`, `@min`, `@max`.
        case atWord(String)
        /// Operators and punctuation.
        case symbol(String)
        /// The end of the format string.
        case end
    }

    var kind: Kind
    /// The offset of the token's first character in the format string.
    var offset: Int
    /// The token as written.
    var text: String

    /// The keyword this token spells (uppercased), if it is a plain word.
    var keyword: String? {
        guard case .word(let word) = kind else { return nil }
        let upper = word.uppercased()
        return Self.keywords.contains(upper) ? upper : nil
    }

    func isSymbol(_ symbol: String) -> Bool {
        kind == .symbol(symbol)
    }

    /// Whether the token is a number literal.
    var isNumber: Bool {
        switch kind {
        case .integer, .real: true
        default: false
        }
    }

    static let keywords: Set<String> = [
        "AND", "OR", "NOT", "IN", "BETWEEN", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES",
        "ANY", "SOME", "ALL", "NONE", "TRUEPREDICATE", "FALSEPREDICATE", "YES", "NO", "TRUE", "FALSE",
        "NIL", "NULL", "SELF",
    ]
}
