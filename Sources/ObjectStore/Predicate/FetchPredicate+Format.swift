extension FetchPredicate {
    /// Parses a predicate in Core Data's format syntax.
    ///
    /// ```swift
    /// let predicate = try FetchPredicate<Event>(format: "%K BEGINSWITH[cd] %@ AND attendance > %d", "title", "fin", 1000)
    /// ```
    ///
    /// Arguments replace `%@` (any ``PredicateArgument``, or nil), `%K` (a key name), `%d` `%i`
    /// `%ld` `%u` (integers) and `%f` (numbers), from left to right. Quoted `'%@'` is a literal.
    ///
    /// - Throws: ``FetchPredicateError`` for a syntax error (naming the offset), a missing or
    ///   ill-typed argument, or unused arguments. Keys are checked later, when the predicate is
    ///   compiled for an entity.
    public init(format: String, _ arguments: (any PredicateArgument)?...) throws(FetchPredicateError) {
        try self.init(format: format, argumentArray: arguments)
    }

    /// Parses a predicate in Core Data's format syntax with an array of arguments.
    public init(format: String, argumentArray arguments: [(any PredicateArgument)?]) throws(FetchPredicateError) {
        self.init(node: try PredicateParser.parse(format, arguments: arguments))
    }

    /// The predicate with each `$NAME` variable that `variables` names replaced by its value
    /// (`nil` becomes `nil`); other variables stay.
    ///
    /// ```swift
    /// let template = try FetchPredicate<Event>(format: "attendance > $MIN")
    /// request.predicate = template.withSubstituting(["MIN": 1000])
    /// ```
    public func withSubstituting(_ variables: [String: (any PredicateArgument)?]) -> FetchPredicate {
        FetchPredicate(node: Self.substitute(node, variables))
    }

    private static func substitute(_ node: PredicateNode, _ variables: [String: (any PredicateArgument)?]) -> PredicateNode {
        switch node {
        case .constant: return node
        case .not(let operand): return .not(substitute(operand, variables))
        case .and(let left, let right): return .and(substitute(left, variables), substitute(right, variables))
        case .or(let left, let right): return .or(substitute(left, variables), substitute(right, variables))
        case .comparison(var comparison):
            comparison.lhs = substitute(comparison.lhs, variables)
            comparison.rhs = substitute(comparison.rhs, variables)
            return .comparison(comparison)
        }
    }

    private static func substitute(_ expression: PredicateTerm, _ variables: [String: (any PredicateArgument)?]) -> PredicateTerm {
        switch expression {
        case .variable(let name):
            guard let entry = variables[name] else { return expression }
            return .value(entry?.predicateValue ?? .null)
        case .list(let elements):
            return .list(elements.map { substitute($0, variables) })
        case .key, .value, .evaluatedObject:
            return expression
        }
    }
}
