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
        FetchPredicate(node: node.mappingTerms { term in
            guard case .variable(let name) = term, let entry = variables[name] else { return term }
            return .value(entry?.predicateValue ?? .null)
        })
    }
}
