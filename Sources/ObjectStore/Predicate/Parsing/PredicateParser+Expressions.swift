import Foundation

extension PredicateParser {
    /// What an expression can start with, for errors.
    private static let expressionExpected = "a key, a value, a variable or a list"

    /// An operand of a comparison: a key, a literal, a variable, an argument or a list; consumes
    /// its tokens.
    mutating func parseExpression() throws(FetchPredicateError) -> PredicateTerm {
        let token = current
        switch token.kind {
        case .escapedWord(let word):
            try rejectKeyInSubquery()
            position += 1
            return .key(.name(try parseKeyPath(startingWith: [word])))
        case .word(let word):
            return try parseWordExpression(word, token: token)
        case .integer, .real:
            position += 1
            return .value(try number(token, negative: false))
        case .symbol("-"):
            position += 1
            return try parseNegativeNumber()
        case .string(let text):
            position += 1
            return .value(.string(text))
        case .variable(let name):
            position += 1
            return try variableExpression(name, token: token)
        case .specifier(let specifier):
            position += 1
            return try argumentExpression(specifier, token: token)
        case .symbol("{"):
            position += 1
            return try nested(at: token) { (parser) throws(FetchPredicateError) in try parser.parseListElements() }
        default:
            throw unexpected(expected: Self.expressionExpected)
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

    /// An expression that starts with a word: a key (or `CAST(…)`, `SUBQUERY(…)`, a function
    /// call), `SELF` or a key after
    /// `SELF.`, or a literal keyword (`YES`, `NO`, `NIL` and their synonyms).
    private mutating func parseWordExpression(_ word: String, token: PredicateToken) throws(FetchPredicateError) -> PredicateTerm {
        switch token.keyword {
        case nil:
            if word.uppercased() == "CAST", tokens[position + 1].isSymbol("(") {
                return try nested(at: token) { (parser) throws(FetchPredicateError) in try parser.parseCast() }
            }
            if word.uppercased() == "SUBQUERY", tokens[position + 1].isSymbol("(") {
                return try nested(at: token) { (parser) throws(FetchPredicateError) in try parser.parseSubquery() }
            }
            if tokens[position + 1].isSymbol("(") {
                return try nested(at: token) { (parser) throws(FetchPredicateError) in try parser.parseFunctionCall(word, token: token) }
            }
            if word.contains(":") {
                throw .unknownFunction(word, offset: token.offset, format: format)
            }
            try rejectKeyInSubquery()
            position += 1
            return .key(.name(try parseKeyPath(startingWith: [word])))
        case "SELF":
            try rejectKeyInSubquery()
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
            throw unexpected(expected: Self.expressionExpected)
        }
    }

    /// The number after a `-`, negated.
    private mutating func parseNegativeNumber() throws(FetchPredicateError) -> PredicateTerm {
        let literal = current
        switch literal.kind {
        case .integer, .real:
            position += 1
            return .value(try number(literal, negative: true))
        default:
            throw unexpected(expected: "a number after '-'")
        }
    }

    /// Reads `.name`, `.#name` and `.@count` components after the first one.
    mutating func parseKeyPath(startingWith components: [String]) throws(FetchPredicateError) -> String {
        var components = components
        while current.isSymbol(".") {
            position += 1
            components.append(try parseKeyComponent())
        }
        return components.joined(separator: ".")
    }

    mutating func parseKeyComponent() throws(FetchPredicateError) -> String {
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
        case .atWord(let word) where CollectionOperator(keyComponent: "@" + word) != nil:
            position += 1
            return "@" + word.lowercased()
        default:
            throw unexpected(expected: "a key name, @count, @sum, @avg, @min or @max after '.'")
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
            if let variable = subqueryVariables.last {
                throw invalid("inside SUBQUERY, keys start at the member: write $\(variable).key instead of %K")
            }
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
