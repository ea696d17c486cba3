extension PredicateNode {
    /// All of `nodes` (`AND`), with nested conjunctions spliced in, so `(a AND b) AND c` is one
    /// flat node of three; a single node is returned as it is.
    static func conjunction(_ nodes: [PredicateNode]) -> PredicateNode {
        let children = spliced(nodes) { if case .and(let nested) = $0 { nested } else { nil } }
        return children.count == 1 ? children[0] : .and(children)
    }

    /// Any of `nodes` (`OR`), with nested disjunctions spliced in, so `(a OR b) OR c` is one
    /// flat node of three; a single node is returned as it is.
    static func disjunction(_ nodes: [PredicateNode]) -> PredicateNode {
        let children = spliced(nodes) { if case .or(let nested) = $0 { nested } else { nil } }
        return children.count == 1 ? children[0] : .or(children)
    }

    /// `nodes`, each replaced by its children when `children(of:)` gives them.
    private static func spliced(_ nodes: [PredicateNode], _ children: (PredicateNode) -> [PredicateNode]?) -> [PredicateNode] {
        var result: [PredicateNode] = []
        result.reserveCapacity(nodes.count)
        for node in nodes {
            if let nested = children(node) { result += nested } else { result.append(node) }
        }
        return result
    }

    /// How deeply `NOT`, `AND`, `OR`, arithmetic and subqueries nest (a comparison of keys or
    /// constants alone is 0), measured without recursion so that any tree, however deep, can be
    /// checked.
    ///
    /// - Complexity: O(n) in the number of nodes and terms.
    var nestingDepth: Int {
        enum Part {
            case node(PredicateNode)
            case term(PredicateTerm)
        }
        var deepest = 0
        var pending: [(part: Part, depth: Int)] = [(.node(self), 0)]
        while let (part, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            switch part {
            case .node(.constant):
                break
            case .node(.comparison(let comparison)):
                pending.append((.term(comparison.lhs), depth))
                pending.append((.term(comparison.rhs), depth))
            case .node(.not(let operand)):
                pending.append((.node(operand), depth + 1))
            case .node(.and(let children)), .node(.or(let children)):
                for child in children { pending.append((.node(child), depth + 1)) }
            case .term(.arithmetic(_, let lhs, let rhs)):
                pending.append((.term(lhs), depth + 1))
                pending.append((.term(rhs), depth + 1))
            case .term(.function(_, let arguments)):
                for argument in arguments { pending.append((.term(argument), depth + 1)) }
            case .term(.subquery(_, _, let predicate, _)):
                pending.append((.node(predicate), depth + 1))
            case .term(.list(let elements)):
                for element in elements { pending.append((.term(element), depth)) }
            case .term:
                break
            }
        }
        return deepest
    }
}
