extension FetchPredicate {
    /// All of `subpredicates` (`AND`; `TRUEPREDICATE` when empty), as one flat node: Core Data's
    /// `NSCompoundPredicate(andPredicateWithSubpredicates:)`.
    ///
    /// Prefer it to folding `&&` over a long array: it builds the node once.
    ///
    /// - Complexity: O(n) in the number of subpredicates.
    public init(andPredicateWithSubpredicates subpredicates: [FetchPredicate]) {
        self.init(node: .conjunction(subpredicates.map(\.node)))
    }

    /// Any of `subpredicates` (`OR`; `FALSEPREDICATE` when empty), as one flat node: Core Data's
    /// `NSCompoundPredicate(orPredicateWithSubpredicates:)`.
    ///
    /// ```swift
    /// let picked = FetchPredicate<Event>(orPredicateWithSubpredicates: ids.map { \Event.code == $0 })
    /// ```
    ///
    /// An `OR` of equalities on one key runs as one `IN` (in SQL and in memory), so thousands of
    /// terms are fine.
    ///
    /// - Complexity: O(n) in the number of subpredicates.
    public init(orPredicateWithSubpredicates subpredicates: [FetchPredicate]) {
        self.init(node: .disjunction(subpredicates.map(\.node)))
    }

    /// How deeply parentheses, `NOT`, lists `{…}` and `CAST(…)` may nest in a format string:
    /// ``init(format:_:)`` throws ``FetchPredicateError/nestingTooDeep(limit:offset:format:)``
    /// beyond it. Long `AND` and `OR` chains do not nest, whatever their length.
    public static var formatNestingLimit: Int { PredicateLimits.formatNesting }

    /// How deeply `NOT`, `AND` and `OR` may nest in a predicate tree (a chain of one operator
    /// is one level, however long): a request whose predicate nests deeper fails with
    /// ``FetchPredicateError/treeTooDeep(limit:depth:)``. Every predicate parsed from a format
    /// string fits.
    public static var treeNestingLimit: Int { PredicateLimits.treeNesting }
}
