extension PredicateParser {
    /// A side of a comparison: an expression, or arithmetic on expressions (`price * quantity`,
    /// `(score + bonus) / 2`), `*` and `/` binding before `+` and `-`, each left to right.
    ///
    /// A side holds at most ``PredicateLimits/formatNesting`` operators, so its tree stays
    /// shallow.
    mutating func parseArithmetic() throws(FetchPredicateError) -> PredicateTerm {
        var operators = 0
        return try parseSum(operators: &operators)
    }

    private mutating func parseSum(operators: inout Int) throws(FetchPredicateError) -> PredicateTerm {
        var term = try parseProduct(operators: &operators)
        while let op = try arithmeticOperator(in: [.add, .subtract], operators: &operators) {
            term = .arithmetic(op, term, try parseProduct(operators: &operators))
        }
        return term
    }

    private mutating func parseProduct(operators: inout Int) throws(FetchPredicateError) -> PredicateTerm {
        var term = try parseFactor(operators: &operators)
        while let op = try arithmeticOperator(in: [.multiply, .divide], operators: &operators) {
            term = .arithmetic(op, term, try parseFactor(operators: &operators))
        }
        return term
    }

    /// An expression, or a parenthesised arithmetic term.
    private mutating func parseFactor(operators: inout Int) throws(FetchPredicateError) -> PredicateTerm {
        let token = current
        guard token.isSymbol("(") else { return try parseExpression() }
        position += 1
        let term = try nested(at: token) { (parser) throws(FetchPredicateError) in try parser.parseSum(operators: &operators) }
        try expect(")", "')' after an arithmetic term")
        return term
    }

    /// Consumes the current token if it is one of `candidates`, counting it.
    private mutating func arithmeticOperator(in candidates: [ArithmeticOperator], operators: inout Int) throws(FetchPredicateError) -> ArithmeticOperator? {
        let token = current
        guard case .symbol(let symbol) = token.kind, let op = candidates.first(where: { $0.rawValue == symbol }) else { return nil }
        operators += 1
        guard operators <= PredicateLimits.formatNesting else {
            throw .nestingTooDeep(limit: PredicateLimits.formatNesting, offset: token.offset, format: format)
        }
        position += 1
        return op
    }
}
