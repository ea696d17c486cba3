extension BoundNode {
    /// Appends the key paths this tree reads, each after `prefix` for operands that start at a
    /// quantifier's member (the quantified relationship's path).
    func collectKeyPaths(prefix: [String], into paths: inout [String]) {
        switch self {
        case .constant:
            break
        case .not(let operand):
            operand.collectKeyPaths(prefix: prefix, into: &paths)
        case .and(let children), .or(let children):
            for child in children { child.collectKeyPaths(prefix: prefix, into: &paths) }
        case .compare(let left, _, let right, _), .text(_, let left, let right, _, _):
            left.appendKeyPath(memberPrefix: prefix, into: &paths)
            right.appendKeyPath(memberPrefix: prefix, into: &paths)
        case .isNull(let operand, _):
            operand.appendKeyPath(memberPrefix: prefix, into: &paths)
        case .inList(let operand, let list):
            operand.appendKeyPath(memberPrefix: prefix, into: &paths)
            for element in list.elements { element.appendKeyPath(memberPrefix: prefix, into: &paths) }
        case .quantified(let quantifier):
            let relationship = quantifier.owner.map(\.name) + [quantifier.relationship.name]
            paths.append(relationship.joined(separator: "."))
            quantifier.inner.collectKeyPaths(prefix: relationship, into: &paths)
        }
    }
}
