extension PredicateParser {
    /// A call of a built-in function from its name: `abs(score)`, `modulus:by:(level, 3)`,
    /// `now()`, or `FUNCTION(receiver, 'selector', arguments…)` whose receiver is the first
    /// argument (`FUNCTION(score, 'abs:')`).
    mutating func parseFunctionCall(_ name: String, token: PredicateToken) throws(FetchPredicateError) -> PredicateTerm {
        position += 2
        let function: PredicateFunction
        var arguments: [PredicateTerm] = []
        if name.uppercased() == "FUNCTION" {
            arguments.append(try parseArithmetic())
            try expect(",", "',' after FUNCTION's receiver")
            let selectorToken = current
            guard case .string(let selector) = selectorToken.kind else {
                throw unexpected(expected: "the quoted name of a function after FUNCTION's receiver, such as 'abs:'")
            }
            guard let named = PredicateFunction(formatName: selector) else {
                throw .unknownFunction(selector, offset: selectorToken.offset, format: format)
            }
            position += 1
            function = named
            while accept(symbols: [","]) { arguments.append(try parseArithmetic()) }
        } else {
            guard let named = PredicateFunction(formatName: name) else {
                throw .unknownFunction(name, offset: token.offset, format: format)
            }
            function = named
            if !current.isSymbol(")") {
                repeat {
                    arguments.append(try parseArithmetic())
                } while accept(symbols: [","])
            }
        }
        guard arguments.count == function.arity else {
            throw .unexpectedToken(current.text, offset: current.offset, format: format, expected: "\(function.arity) argument(s) for \(function.selector), got \(arguments.count)")
        }
        try expect(")", "')' closing \(function.selector)'s arguments")
        return .function(function, arguments)
    }
}
