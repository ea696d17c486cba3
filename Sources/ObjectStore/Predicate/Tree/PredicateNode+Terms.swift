extension PredicateNode {
    /// The tree with every term of every comparison replaced by `transform` of it (list elements,
    /// arithmetic operands are transformed one by one, after what holds them; a function is
    /// transformed after its arguments; a subquery is transformed, then the terms of its
    /// predicate).
    func mappingTerms(_ transform: (PredicateTerm) -> PredicateTerm) -> PredicateNode {
        switch self {
        case .constant:
            return self
        case .not(let operand):
            return .not(operand.mappingTerms(transform))
        case .and(let children):
            return .and(children.map { $0.mappingTerms(transform) })
        case .or(let children):
            return .or(children.map { $0.mappingTerms(transform) })
        case .comparison(var comparison):
            comparison.lhs = Self.map(comparison.lhs, transform)
            comparison.rhs = Self.map(comparison.rhs, transform)
            return .comparison(comparison)
        }
    }

    private static func map(_ term: PredicateTerm, _ transform: (PredicateTerm) -> PredicateTerm) -> PredicateTerm {
        switch term {
        case .list(let elements):
            return .list(elements.map { map($0, transform) })
        case .arithmetic(let op, let lhs, let rhs):
            return .arithmetic(op, map(lhs, transform), map(rhs, transform))
        case .function(let function, let arguments):
            return transform(.function(function, arguments.map { map($0, transform) }))
        case .subquery:
            let transformed = transform(term)
            guard case .subquery(let collection, let variable, let predicate, let result) = transformed else { return transformed }
            return .subquery(collection: collection, variable: variable, predicate: predicate.mappingTerms(transform), result: result)
        default:
            return transform(term)
        }
    }

    /// Whether a comparison anywhere in the tree (a subquery's predicate included) calls `now()`.
    var callsNow: Bool {
        var found = false
        _ = mappingTerms { term in
            if case .function(.now, _) = term { found = true }
            return term
        }
        return found
    }
}
