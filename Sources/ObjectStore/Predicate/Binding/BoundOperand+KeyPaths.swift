extension BoundOperand {
    /// Appends the key path the operand reads, if any (`memberPrefix` goes before paths that
    /// start at a quantifier's member).
    func appendKeyPath(memberPrefix: [String], into paths: inout [String]) {
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
        case .aggregate(let hops, let aggregate):
            // Like `ANY`: the membership, and the members' key.
            let relationship = start + hops.map(\.name) + [aggregate.relationship.name]
            paths.append(relationship.joined(separator: "."))
            paths.append((relationship + aggregate.memberHops.map(\.name) + [aggregate.name]).joined(separator: "."))
            if let filter = aggregate.filter {
                var filterPaths: [String] = []
                filter.collectKeyPaths(prefix: [], into: &filterPaths)
                paths += filterPaths.map { (relationship + [$0]).joined(separator: ".") }
            }
        case .subqueryCount(let hops, let relationship, let inner):
            let members = start + hops.map(\.name) + [relationship.name]
            paths.append(members.joined(separator: "."))
            var innerPaths: [String] = []
            inner.collectKeyPaths(prefix: [], into: &innerPaths)
            paths += innerPaths.map { (members + [$0]).joined(separator: ".") }
        case .arithmetic(_, let left, let right):
            left.appendKeyPath(memberPrefix: memberPrefix, into: &paths)
            right.appendKeyPath(memberPrefix: memberPrefix, into: &paths)
        case .function(_, let arguments):
            for argument in arguments { argument.appendKeyPath(memberPrefix: memberPrefix, into: &paths) }
        }
    }
}
