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
        }
    }
}
