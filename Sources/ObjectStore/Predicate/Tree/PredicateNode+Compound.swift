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

    /// How deeply `NOT`, `AND` and `OR` nest (a comparison or constant alone is 0), measured
    /// without recursion so that any tree, however deep, can be checked.
    ///
    /// - Complexity: O(n) in the number of nodes.
    var nestingDepth: Int {
        var deepest = 0
        var pending: [(node: PredicateNode, depth: Int)] = [(self, 0)]
        while let (node, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            switch node {
            case .constant, .comparison:
                break
            case .not(let operand):
                pending.append((operand, depth + 1))
            case .and(let children), .or(let children):
                for child in children { pending.append((child, depth + 1)) }
            }
        }
        return deepest
    }
}
