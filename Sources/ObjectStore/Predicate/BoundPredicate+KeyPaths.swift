extension BoundPredicate {
    /// The dotted key paths the predicate reads from its entity: keys (`"title"`), keys through
    /// to-one relationships (`"sport.name"`), members' keys (`"tags.label"`) and counts
    /// (`"tags.@count"`). `SELF` reads no key.
    package var keyPaths: [String] {
        var paths: [String] = []
        node.collectKeyPaths(prefix: [], into: &paths)
        return paths
    }
}

extension BoundNode {
    /// Appends the key paths this tree reads, each after `prefix` for operands that start at a
    /// quantifier's member (the quantified relationship's path).
    fileprivate func collectKeyPaths(prefix: [String], into paths: inout [String]) {
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
        case .inList(let operand, let elements, _):
            operand.appendKeyPath(memberPrefix: prefix, into: &paths)
            for element in elements { element.appendKeyPath(memberPrefix: prefix, into: &paths) }
        case .quantified(let quantifier):
            let relationship = quantifier.owner.map(\.name) + [quantifier.relationship.name]
            paths.append(relationship.joined(separator: "."))
            quantifier.inner.collectKeyPaths(prefix: relationship, into: &paths)
        }
    }
}

extension BoundOperand {
    /// Appends the key path the operand reads, if any (`memberPrefix` goes before paths that
    /// start at a quantifier's member).
    fileprivate func appendKeyPath(memberPrefix: [String], into paths: inout [String]) {
        let start = readsMember ? memberPrefix : []
        switch source {
        case .constant:
            return
        case .column(let hops, _, let name):
            paths.append((start + hops.map(\.name) + [name]).joined(separator: "."))
        case .objectKey(let hops):
            // `SELF` reads the identity of the object it reaches: the relationships on the way.
            let path = start + hops.map(\.name)
            if !path.isEmpty { paths.append(path.joined(separator: ".")) }
        case .count(let hops, let relationship):
            paths.append((start + hops.map(\.name) + [relationship.name, "@count"]).joined(separator: "."))
        }
    }
}
