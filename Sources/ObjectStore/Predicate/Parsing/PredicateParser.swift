/// Parses a predicate format string (Core Data's syntax) into a ``PredicateNode``, consuming
/// arguments for `%@`, `%K`, `%d`, `%f`, … from left to right.
///
/// Precedence, loosest first: `OR`/`||`, `AND`/`&&`, `NOT`/`!`, then comparisons and
/// parentheses. A chain of `AND` (or of `OR`) becomes one n-ary node, however long; groups,
/// `NOT`, lists, `CAST`, `SUBQUERY` and arithmetic nest at most ``PredicateLimits/formatNesting`` deep, so recursion stays
/// shallow for any input. Keywords are case-insensitive.
struct PredicateParser {
    let format: String
    let tokens: [PredicateToken]
    var position = 0
    let arguments: [(any PredicateArgument)?]
    var argumentIndex = 0
    /// How many groups, `NOT`s, lists, `CAST`s, subqueries, arithmetic groups and operators
    /// enclose the current token.
    var depth = 0
    /// The variables of the `SUBQUERY`s that enclose the current token, innermost last.
    var subqueryVariables: [String] = []

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

    var current: PredicateToken { tokens[position] }

    func unexpected(expected: String) -> FetchPredicateError {
        let token = current
        if token.kind == .end { return .unexpectedEnd(offset: token.offset, format: format, expected: expected) }
        return .unexpectedToken(token.text, offset: token.offset, format: format, expected: expected)
    }

    /// Consumes the current token if it is one of `keywords` or `symbols`.
    mutating func accept(keywords: Set<String> = [], symbols: Set<String> = []) -> Bool {
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

    mutating func expect(_ symbol: String, _ description: String) throws(FetchPredicateError) {
        guard accept(symbols: [symbol]) else { throw unexpected(expected: description) }
    }

    // MARK: Predicates

    mutating func parseOr() throws(FetchPredicateError) -> PredicateNode {
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
        if token.isSymbol("(") {
            // A parenthesis opens a group of predicates or an arithmetic term: `(a + b) > 3`.
            let start = (position, argumentIndex)
            if let comparison = try? parseComparison() { return .comparison(comparison) }
            (position, argumentIndex) = start
            position += 1
            let node = try nested(at: token) { (parser) throws(FetchPredicateError) in try parser.parseOr() }
            try expect(")", "')'")
            return node
        }
        if accept(keywords: ["TRUEPREDICATE"]) { return .constant(true) }
        if accept(keywords: ["FALSEPREDICATE"]) { return .constant(false) }
        return .comparison(try parseComparison())
    }

    /// Runs `body` one nesting level deeper (a group, `NOT`, a list, `CAST` or `SUBQUERY` opened by
    /// `token`, or an arithmetic operator), failing beyond the limit, so that no input recurses deeply.
    mutating func nested<Result>(at token: PredicateToken, _ body: (inout PredicateParser) throws(FetchPredicateError) -> Result) throws(FetchPredicateError) -> Result {
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
        let lhs = try parseArithmetic()
        let op = try parseOperator()
        let options = try parseModifier()
        let rhs = try parseArithmetic()
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
}
