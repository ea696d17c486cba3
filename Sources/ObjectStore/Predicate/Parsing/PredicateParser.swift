import Foundation

/// Parses a predicate format string (Core Data's syntax) into a ``PredicateNode``, consuming
/// arguments for `%@`, `%K`, `%d`, `%f`, … from left to right.
///
/// Precedence, loosest first: `OR`/`||`, `AND`/`&&`, `NOT`/`!`, then comparisons and
/// parentheses. A chain of `AND` (or of `OR`) becomes one n-ary node, however long; groups,
/// `NOT`, lists and `CAST` nest at most ``PredicateLimits/formatNesting`` deep, so recursion stays
/// shallow for any input. Keywords are case-insensitive.
struct PredicateParser {
    private let format: String
    private let tokens: [PredicateToken]
    private var position = 0
    private let arguments: [(any PredicateArgument)?]
    private var argumentIndex = 0
    /// How many groups, `NOT`s, lists and `CAST`s enclose the current token.
    private var depth = 0

    /// Parses `format` with `arguments`.
    static func parse(_ format: String, arguments: [(any PredicateArgument)?]) throws(FetchPredicateError) -> PredicateNode {
        var parser = PredicateParser(format: format, tokens: try PredicateLexer.tokens(of: format), arguments: arguments)
        let node = try parser.parseOr()
        guard parser.current.kind == .end else {
            throw parser.unexpected(expected: "AND, OR or the end of the predicate")
        }
        guard parser.argumentIndex == arguments.count else {
            throw .unusedArguments(arguments.count - parser.argumentIndex, format: format)
        }
        return node
    }

    private init(format: String, tokens: [PredicateToken], arguments: [(any PredicateArgument)?]) {
        self.format = format
        self.tokens = tokens
        self.arguments = arguments
    }

    private var current: PredicateToken { tokens[position] }

    private func unexpected(expected: String) -> FetchPredicateError {
        let token = current
        if token.kind == .end { return .unexpectedEnd(offset: token.offset, format: format, expected: expected) }
        return .unexpectedToken(token.text, offset: token.offset, format: format, expected: expected)
    }

    /// Consumes the current token if it is one of `keywords` or `symbols`.
    private mutating func accept(keywords: Set<String> = [], symbols: Set<String> = []) -> Bool {
        if let keyword = current.keyword, keywords.contains(keyword) {
            position += 1
            return true
        }
        if case .symbol(let symbol) = current.kind, symbols.contains(symbol) {
            position += 1
            return true
        }
        return false
    }

    private mutating func expect(_ symbol: String, _ description: String) throws(FetchPredicateError) {
        guard accept(symbols: [symbol]) else { throw unexpected(expected: description) }
    }

    // MARK: Predicates

    private mutating func parseOr() throws(FetchPredicateError) -> PredicateNode {
        var children = [try parseAnd()]
        while accept(keywords: ["OR"], symbols: ["||"]) {
            children.append(try parseAnd())
        }
        return .disjunction(children)
    }

    private mutating func parseAnd() throws(FetchPredicateError) -> PredicateNode {
        var children = [try parseNot()]
        while accept(keywords: ["AND"], symbols: ["&&"]) {
            children.append(try parseNot())
        }
        return .conjunction(children)
    }

    private mutating func parseNot() throws(FetchPredicateError) -> PredicateNode {
        let token = current
        if accept(keywords: ["NOT"], symbols: ["!"]) {
            return .not(try nested(at: token) { (parser) throws(FetchPredicateError) in try parser.parseNot() })
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(FetchPredicateError) -> PredicateNode {
        let token = current
        if accept(symbols: ["("]) {
            let node = try nested(at: token) { (parser) throws(FetchPredicateError) in try parser.parseOr() }
            try expect(")", "')'")
            return node
        }
        if accept(keywords: ["TRUEPREDICATE"]) { return .constant(true) }
        if accept(keywords: ["FALSEPREDICATE"]) { return .constant(false) }
        return .comparison(try parseComparison())
    }

    /// Runs `body` one nesting level deeper (a group, `NOT`, a list or `CAST` opened by
    /// `token`), failing beyond the limit, so that no input recurses deeply.
    private mutating func nested<Result>(at token: PredicateToken, _ body: (inout PredicateParser) throws(FetchPredicateError) -> Result) throws(FetchPredicateError) -> Result {
        guard depth < PredicateLimits.formatNesting else {
            throw .nestingTooDeep(limit: PredicateLimits.formatNesting, offset: token.offset, format: format)
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func parseComparison() throws(FetchPredicateError) -> PredicateComparison {
        var quantifier: PredicateQuantifier?
        switch current.keyword {
        case "ANY", "SOME": quantifier = .any
        case "ALL": quantifier = .all
        case "NONE": quantifier = PredicateQuantifier.none
        default: break
        }
        if quantifier != nil { position += 1 }
        let lhs = try parseExpression()
        let op = try parseOperator()
        let options = try parseModifier()
        let rhs = try parseExpression()
        return PredicateComparison(quantifier: quantifier, lhs, op, rhs, options: options)
    }

    private mutating func parseOperator() throws(FetchPredicateError) -> PredicateOperator {
        let expected = "a comparison operator (==, !=, <, <=, >, >=, IN, BETWEEN, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES)"
        let op: PredicateOperator
        switch (current.kind, current.keyword) {
        case (.symbol("=="), _), (.symbol("="), _): op = .equal
        case (.symbol("!="), _), (.symbol("<>"), _): op = .notEqual
        case (.symbol("<"), _): op = .less
        case (.symbol("<="), _), (.symbol("=<"), _): op = .lessOrEqual
        case (.symbol(">"), _): op = .greater
        case (.symbol(">="), _), (.symbol("=>"), _): op = .greaterOrEqual
        case (_, "IN"): op = .in
        case (_, "BETWEEN"): op = .between
        case (_, "BEGINSWITH"): op = .beginsWith
        case (_, "ENDSWITH"): op = .endsWith
        case (_, "CONTAINS"): op = .contains
        case (_, "LIKE"): op = .like
        case (_, "MATCHES"): op = .matches
        default: throw unexpected(expected: expected)
        }
        position += 1
        return op
    }

    private mutating func parseModifier() throws(FetchPredicateError) -> ComparisonOptions {
        guard current.isSymbol("[") else { return [] }
        let start = current.offset
        position += 1
        guard case .word(let word) = current.kind else { throw unexpected(expected: "c, d or cd") }
        position += 1
        var options: ComparisonOptions = []
        for letter in word {
            switch letter {
            case "c" where !options.contains(.caseInsensitive): options.insert(.caseInsensitive)
            case "d" where !options.contains(.diacriticInsensitive): options.insert(.diacriticInsensitive)
            default: throw .invalidModifier(word, offset: start, format: format)
            }
        }
        try expect("]", "']'")
        return options
    }

    // MARK: Expressions

    private mutating func parseExpression() throws(FetchPredicateError) -> PredicateTerm {
        let expected = "a key, a value, a variable or a list"
        let token = current
        switch token.kind {
        case .escapedWord(let word):
            position += 1
            return .key(.name(try parseKeyPath(startingWith: [word])))
        case .word(let word):
            switch token.keyword {
            case nil:
                if word.uppercased() == "CAST", tokens[position + 1].isSymbol("(") {
                    return try nested(at: token) { (parser) throws(FetchPredicateError) in try parser.parseCast() }
                }
                position += 1
                return .key(.name(try parseKeyPath(startingWith: [word])))
            case "SELF":
                position += 1
                if current.isSymbol(".") {
                    position += 1
                    return .key(.name(try parseKeyPath(startingWith: [try parseKeyComponent()])))
                }
                return .evaluatedObject
            case "YES", "TRUE":
                position += 1
                return .value(.bool(true))
            case "NO", "FALSE":
                position += 1
                return .value(.bool(false))
            case "NIL", "NULL":
                position += 1
                return .value(.null)
            default:
                throw unexpected(expected: expected)
            }
        case .integer, .real:
            position += 1
            return .value(try number(token, negative: false))
        case .symbol("-"):
            position += 1
            let literal = current
            switch literal.kind {
            case .integer, .real:
                position += 1
                return .value(try number(literal, negative: true))
            default:
                throw unexpected(expected: "a number after '-'")
            }
        case .string(let text):
            position += 1
            return .value(.string(text))
        case .variable(let name):
            position += 1
            return .variable(name)
        case .specifier(let specifier):
            position += 1
            return try argumentExpression(specifier, token: token)
        case .symbol("{"):
            position += 1
            return try nested(at: token) { (parser) throws(FetchPredicateError) in try parser.parseListElements() }
        default:
            throw unexpected(expected: expected)
        }
    }

    /// The elements of `{…}` after the brace, through the closing brace.
    private mutating func parseListElements() throws(FetchPredicateError) -> PredicateTerm {
        var elements: [PredicateTerm] = []
        if accept(symbols: ["}"]) { return .list(elements) }
        repeat {
            elements.append(try parseExpression())
        } while accept(symbols: [","])
        try expect("}", "',' or '}'")
        return .list(elements)
    }

    /// Reads `.name`, `.#name` and `.@count` components after the first one.
    private mutating func parseKeyPath(startingWith components: [String]) throws(FetchPredicateError) -> String {
        var components = components
        while current.isSymbol(".") {
            position += 1
            components.append(try parseKeyComponent())
        }
        return components.joined(separator: ".")
    }

    private mutating func parseKeyComponent() throws(FetchPredicateError) -> String {
        switch current.kind {
        case .word(let word) where current.keyword == nil:
            position += 1
            return word
        case .escapedWord(let word):
            position += 1
            return word
        case .atWord(let word) where word.lowercased() == "count":
            position += 1
            return "@count"
        default:
            throw unexpected(expected: "a key name or @count after '.'")
        }
    }

    /// `CAST(value, "NSDate")` or `CAST(value, "NSDecimalNumber")`.
    private mutating func parseCast() throws(FetchPredicateError) -> PredicateTerm {
        position += 2
        let valueToken = current
        guard case .value(let value) = try parseExpression() else { throw unexpectedAt(valueToken, expected: "a number or a string to cast") }
        try expect(",", "','")
        let typeToken = current
        guard case .string(let type) = typeToken.kind else { throw unexpected(expected: "\"NSDate\" or \"NSDecimalNumber\"") }
        position += 1
        try expect(")", "')'")
        switch (type, value) {
        case ("NSDate", .integer(let seconds)):
            return .value(.date(Date(timeIntervalSinceReferenceDate: Double(seconds))))
        case ("NSDate", .double(let seconds)):
            return .value(.date(Date(timeIntervalSinceReferenceDate: seconds)))
        case ("NSDecimalNumber", .string(let text)):
            guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw unexpectedAt(valueToken, expected: "a decimal number")
            }
            return .value(.decimal(decimal))
        case ("NSDecimalNumber", .integer(let number)):
            return .value(.decimal(Decimal(number)))
        default:
            throw unexpectedAt(typeToken, expected: "\"NSDate\" with a number, or \"NSDecimalNumber\" with a string")
        }
    }

    private func unexpectedAt(_ token: PredicateToken, expected: String) -> FetchPredicateError {
        .unexpectedToken(token.text, offset: token.offset, format: format, expected: expected)
    }

    private func number(_ token: PredicateToken, negative: Bool) throws(FetchPredicateError) -> PredicateValue {
        switch token.kind {
        case .integer(let text):
            let magnitude: UInt64?
            if text.hasPrefix("0x") || text.hasPrefix("0X") {
                magnitude = UInt64(text.dropFirst(2), radix: 16)
            } else {
                magnitude = UInt64(text)
            }
            guard let magnitude else { throw .invalidNumber(token.text, offset: token.offset, format: format) }
            if negative {
                guard magnitude <= UInt64(Int64.max) + 1 else { throw .invalidNumber("-" + token.text, offset: token.offset, format: format) }
                return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
            }
            guard magnitude <= UInt64(Int64.max) else { throw .invalidNumber(token.text, offset: token.offset, format: format) }
            return .integer(Int64(magnitude))
        case .real(let text):
            guard let value = Double(text) else { throw .invalidNumber(token.text, offset: token.offset, format: format) }
            return .double(negative ? -value : value)
        default:
            throw unexpectedAt(token, expected: "a number")
        }
    }

    // MARK: Arguments

    private mutating func argumentExpression(_ specifier: String, token: PredicateToken) throws(FetchPredicateError) -> PredicateTerm {
        guard argumentIndex < arguments.count else {
            throw .missingArgument(specifier, offset: token.offset, format: format)
        }
        let argument = arguments[argumentIndex]
        argumentIndex += 1
        let value = argument?.predicateValue ?? .null
        func invalid(_ reason: String) -> FetchPredicateError {
            .invalidArgument(specifier, offset: token.offset, format: format, reason: reason)
        }
        switch specifier.last {
        case "@":
            return .value(value)
        case "K":
            guard case .string(let key) = value, !key.isEmpty else { throw invalid("%K needs a non-empty string naming a key, got \(value)") }
            return .key(.name(try parseKeyPath(startingWith: [key])))
        case "f", "g", "e":
            switch value {
            case .double: return .value(value)
            case .integer(let integer): return .value(.double(Double(integer)))
            default: throw invalid("\(specifier) needs a number, got \(value)")
            }
        default:
            switch value {
            case .integer: return .value(value)
            case .bool(let flag): return .value(.integer(flag ? 1 : 0))
            default: throw invalid("\(specifier) needs an integer, got \(value)")
            }
        }
    }
}
