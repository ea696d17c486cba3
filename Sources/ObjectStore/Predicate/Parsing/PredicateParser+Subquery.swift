extension PredicateParser {
    /// `SUBQUERY(collection, $variable, predicate).@count` (or `.@sum.key`, `.@avg.key`,
    /// `.@min.key`, `.@max.key`, the key a member's), from `SUBQUERY`: the predicate's keys are
    /// written `$variable.key` and become keys of the member.
    mutating func parseSubquery() throws(FetchPredicateError) -> PredicateTerm {
        position += 2
        let collectionToken = current
        guard case .key(let collection) = try parseExpression() else {
            throw .unexpectedToken(collectionToken.text, offset: collectionToken.offset, format: format, expected: "the key path of a to-many relationship as SUBQUERY's collection")
        }
        try expect(",", "',' after SUBQUERY's collection")
        guard case .variable(let variable) = current.kind else {
            throw unexpected(expected: "SUBQUERY's variable, such as $x, after the collection")
        }
        if subqueryVariables.contains(variable) {
            throw unexpected(expected: "a variable that no enclosing SUBQUERY uses")
        }
        position += 1
        try expect(",", "',' after SUBQUERY's variable")
        subqueryVariables.append(variable)
        defer { subqueryVariables.removeLast() }
        let predicate = try parseOr()
        try expect(")", "')' closing SUBQUERY")
        let expected = ".@count, or .@sum, .@avg, .@min or .@max and a key of the members, after SUBQUERY(…): a subquery is compared by its number of members or by a value of them"
        guard current.isSymbol("."), case .atWord(let word) = tokens[position + 1].kind else { throw unexpected(expected: expected) }
        if word.lowercased() == "count" {
            position += 2
            return .subquery(collection: collection, variable: variable, predicate: predicate, result: .count)
        }
        guard let collectionOperator = CollectionOperator(keyComponent: "@" + word) else { throw unexpected(expected: expected) }
        position += 2
        guard current.isSymbol(".") else {
            throw unexpected(expected: "a key of SUBQUERY's members after \(collectionOperator.keyComponent), as in SUBQUERY(bets, $b, $b.isOpen == YES)\(collectionOperator.keyComponent).stake")
        }
        position += 1
        let member = try parseKeyPath(startingWith: [try parseKeyComponent()])
        return .subquery(collection: collection, variable: variable, predicate: predicate, result: .aggregate(collectionOperator, member: .name(member)))
    }

    /// `$name`: a key of the member of the enclosing `SUBQUERY` whose variable it is
    /// (`$x.key`, or `$x` for the member itself), else a variable to substitute.
    mutating func variableExpression(_ name: String, token: PredicateToken) throws(FetchPredicateError) -> PredicateTerm {
        guard let index = subqueryVariables.lastIndex(of: name) else { return .variable(name) }
        guard index == subqueryVariables.count - 1 else {
            throw .unexpectedToken(token.text, offset: token.offset, format: format, expected: "the innermost SUBQUERY's variable $\(subqueryVariables[subqueryVariables.count - 1]); a nested SUBQUERY's predicate reads its own members only")
        }
        guard current.isSymbol(".") else { return .evaluatedObject }
        position += 1
        return .key(.name(try parseKeyPath(startingWith: [try parseKeyComponent()])))
    }

    /// Fails inside a `SUBQUERY`, where keys start at the member (`$x.key`).
    func rejectKeyInSubquery() throws(FetchPredicateError) {
        guard let variable = subqueryVariables.last else { return }
        throw unexpected(expected: "a key of SUBQUERY's member, written $\(variable).key")
    }
}
