extension PredicateParser {
    /// A side of a comparison: an expression, or arithmetic on expressions (`price * quantity`,
    /// `(score + bonus) / 2`), `*` and `/` binding before `+` and `-`, each left to right.
    ///
    /// Each operator nests the tree one level deeper, so operators count toward
    /// ``PredicateLimits/formatNesting`` with the groups around them until the side ends.
    mutating func parseArithmetic() throws(FetchPredicateError) -> PredicateTerm {
        let outer = depth
        defer { depth = outer }
        return try parseSum()
    }

    private mutating func parseSum() throws(FetchPredicateError) -> PredicateTerm {
        var term = try parseProduct()
        while let op = try arithmeticOperator(in: [.add, .subtract]) {
            term = .arithmetic(op, term, try parseProduct())
        }
        return term
    }

    private mutating func parseProduct() throws(FetchPredicateError) -> PredicateTerm {
        var term = try parseFactor()
        while let op = try arithmeticOperator(in: [.multiply, .divide]) {
            term = .arithmetic(op, term, try parseFactor())
        }
        return term
    }

    /// An expression, a parenthesised arithmetic term, or `-` before either (`-score`,
    /// `-(a - b)`; `-3` stays a negative literal).
    private mutating func parseFactor() throws(FetchPredicateError) -> PredicateTerm {
        let token = current
        if token.isSymbol("-"), !tokens[position + 1].isNumber {
            return try parseNegation()
        }
        guard token.isSymbol("(") else { return try parseExpression() }
        position += 1
        let term = try nested(at: token) { (parser) throws(FetchPredicateError) in try parser.parseSum() }
        try expect(")", "')' after an arithmetic term")
        return term
    }

    /// `-factor`, read as `-1 * factor` (exact in floating point), one nesting level deeper.
    private mutating func parseNegation() throws(FetchPredicateError) -> PredicateTerm {
        try deepen(at: current)
        position += 1
        return .arithmetic(.multiply, .value(.integer(-1)), try parseFactor())
    }

    /// One nesting level deeper, or the error that `token` nests too deep.
    private mutating func deepen(at token: PredicateToken) throws(FetchPredicateError) {
        guard depth < PredicateLimits.formatNesting else {
            throw .nestingTooDeep(limit: PredicateLimits.formatNesting, offset: token.offset, format: format)
        }
        depth += 1
    }

    /// Consumes the current token if it is one of `candidates`, one nesting level deeper.
    private mutating func arithmeticOperator(in candidates: [ArithmeticOperator]) throws(FetchPredicateError) -> ArithmeticOperator? {
        let token = current
        guard case .symbol(let symbol) = token.kind, let op = candidates.first(where: { $0.rawValue == symbol }) else { return nil }
        try deepen(at: token)
        position += 1
        return op
    }
}
