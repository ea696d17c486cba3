extension PredicateNode {
    /// The tree with every term of every comparison replaced by `transform` of it (list elements
    /// are transformed one by one, after their list).
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
        if case .list(let elements) = term {
            return .list(elements.map { map($0, transform) })
        }
        return transform(term)
    }
}
