import DiffableSupport

/// Why a predicate (or a sort descriptor's key) cannot be parsed or compiled.
///
/// Syntax errors come from ``FetchPredicate/init(format:_:)`` and name the offset (in Unicode
/// scalars, from 0: characters, for text without combining marks) where the format string went
/// wrong:
///
/// ```swift
/// do {
///     _ = try FetchPredicate<Event>(format: "name == AND x")
/// } catch FetchPredicateError.unexpectedToken(let token, let offset, _, _) {
///     print(token, offset) // AND 8
/// }
/// ```
///
/// Key and type errors come from running a request or from ``FetchPredicate/evaluate(with:)``
/// (both wrap them in ``ObjectStoreError/invalidFetchRequest(_:)``), once the entity is known;
/// they name the entity and the key.
public enum FetchPredicateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A token that cannot appear where it stands.
    case unexpectedToken(String, offset: Int, format: String, expected: String)
    /// The format string ends where more is needed.
    case unexpectedEnd(offset: Int, format: String, expected: String)
    /// A quoted string has no closing quote.
    case unterminatedString(offset: Int, format: String)
    /// A number literal is malformed or out of range.
    case invalidNumber(String, offset: Int, format: String)
    /// A modifier other than `[c]`, `[d]` or `[cd]`.
    case invalidModifier(String, offset: Int, format: String)
    /// A format specifier (`%@`, `%K`, `%d`, …) has no argument left.
    case missingArgument(String, offset: Int, format: String)
    /// An argument does not fit its specifier (`%K` needs a string, `%d` an integer, …).
    case invalidArgument(String, offset: Int, format: String, reason: String)
    /// More arguments were passed than the format string uses.
    case unusedArguments(Int, format: String)
    /// The entity has no attribute or relationship for (a part of) the key path.
    case unknownKey(entity: String, key: String)
    /// A key is compared with a value or operator that does not fit its type.
    case typeMismatch(entity: String, key: String, reason: String)
    /// The key names a transient attribute (``AttributeOptions/transient``), which the store does
    /// not hold, so requests cannot filter, sort or section by it.
    case transientKey(entity: String, key: String)
    /// A function call (`name(…)`, `FUNCTION(receiver, 'name', …)`) names no built-in
    /// function; the built-in ones are `now`, `abs`, `floor`, `ceiling`, `trunc`, `sqrt`,
    /// `modulus:by:`, `lowercase` and `uppercase`.
    case unknownFunction(String, offset: Int, format: String)
    /// A `$VARIABLE` was not replaced with ``FetchPredicate/withSubstituting(_:)``.
    case unresolvedVariable(String)
    /// The pattern of `MATCHES` is not a valid regular expression.
    case invalidRegularExpression(pattern: String, reason: String)
    /// Parentheses, `NOT`, lists, `CAST`, `SUBQUERY` and arithmetic operators (each a level)
    /// nest deeper than `limit` (``FetchPredicate/formatNestingLimit``); `offset` is where the
    /// first level too deep opens.
    case nestingTooDeep(limit: Int, offset: Int, format: String)
    /// A predicate built in code nests `NOT`, `AND`, `OR`, arithmetic and subqueries `depth`
    /// levels deep, more than `limit` (``FetchPredicate/treeNestingLimit``).
    case treeTooDeep(limit: Int, depth: Int)

    /// A sentence that says what went wrong, where, and what to do.
    public var description: String {
        switch self {
        case let .unexpectedToken(token, offset, format, expected):
            return "Unexpected token '\(token)' at offset \(offset) in \(Self.quoted(format, around: offset)); expected \(expected)."
        case let .unexpectedEnd(offset, format, expected):
            return "Unexpected end of the format at offset \(offset) in \(Self.quoted(format, around: offset)); expected \(expected)."
        case let .unterminatedString(offset, format):
            return "Unterminated string starting at offset \(offset) in \(Self.quoted(format, around: offset)); close it with the same quote."
        case let .invalidNumber(text, offset, format):
            return "Invalid number '\(text)' at offset \(offset) in \(Self.quoted(format, around: offset)); integers must fit 64 bits."
        case let .invalidModifier(text, offset, format):
            return "Invalid modifier '[\(text)]' at offset \(offset) in \(Self.quoted(format, around: offset)); use [c], [d] or [cd]."
        case let .missingArgument(specifier, offset, format):
            return "No argument for \(specifier) at offset \(offset) in \(Self.quoted(format, around: offset)); pass one argument per specifier."
        case let .invalidArgument(specifier, offset, format, reason):
            return "Invalid argument for \(specifier) at offset \(offset) in \(Self.quoted(format, around: offset)): \(clause(reason))."
        case let .unusedArguments(count, format):
            return "The format \(Self.quoted(format, around: 0)) leaves \(count) argument(s) unused; pass one argument per specifier."
        case let .unknownKey(entity, key):
            return "The entity \(entity) has no key '\(key)'; use the name of an attribute or relationship (through to-one relationships for dotted paths)."
        case let .typeMismatch(entity, key, reason):
            return "Type mismatch on \(entity).\(key): \(clause(reason))."
        case let .transientKey(entity, key):
            return "The key '\(key)' of \(entity) is a transient attribute, which the store does not hold; filter, sort and section by stored attributes, or filter the fetched objects in memory."
        case let .unknownFunction(name, offset, format):
            return "Unknown function '\(name)' at offset \(offset) in \(Self.quoted(format, around: offset)); "
                + "use now(), abs(x), floor(x), ceiling(x), trunc(x), sqrt(x), modulus:by:(x, y), lowercase(s) or uppercase(s)."
        case let .unresolvedVariable(name):
            return "The variable $\(name) has no value; call withSubstituting([\"\(name)\": …]) before fetching."
        case let .invalidRegularExpression(pattern, reason):
            return "Invalid regular expression \"\(pattern)\" for MATCHES: \(clause(reason)). Write the pattern in the syntax of Swift's Regex."
        case let .nestingTooDeep(limit, offset, format):
            return "Parentheses, NOT, lists, CAST, SUBQUERY and arithmetic operators nest deeper than \(limit) levels at offset \(offset) in \(Self.quoted(format, around: offset)); "
                + "write long conditions as flat AND/OR chains or IN lists instead of nested groups, and long sums as collection operators."
        case let .treeTooDeep(limit, depth):
            return "The predicate nests NOT, AND, OR, arithmetic and subqueries \(depth) levels deep, more than the limit of \(limit); "
                + "combine long lists with FetchPredicate(orPredicateWithSubpredicates:) or (andPredicateWithSubpredicates:) instead of nesting."
        }
    }

    /// The format string in quotes, or for a long one the part around `offset`.
    private static func quoted(_ format: String, around offset: Int) -> String {
        "\"\(excerpt(format, around: offset))\""
    }

    /// The format string, or for a long one the part around `offset` (messages stay readable
    /// for a format string of a megabyte).
    static func excerpt(_ format: String, around offset: Int) -> String {
        let radius = 60
        let scalars = format.unicodeScalars
        guard scalars.count > 3 * radius else { return format }
        let start = scalars.index(scalars.startIndex, offsetBy: max(0, offset - radius), limitedBy: scalars.endIndex) ?? scalars.endIndex
        let end = scalars.index(start, offsetBy: 2 * radius, limitedBy: scalars.endIndex) ?? scalars.endIndex
        return (start == scalars.startIndex ? "" : "…") + String(scalars[start..<end]) + (end == scalars.endIndex ? "" : "…")
    }
}
