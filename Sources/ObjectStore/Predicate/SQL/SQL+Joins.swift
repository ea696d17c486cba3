extension SQL {
    /// The alias of the table reached through `hops` from the table aliased `base`:
    /// `"t"`, `"t.sport"`, `"t.sport.league"`.
    static func alias(base: String, hops: [RelationshipDescription]) -> String {
        quote(([base] + hops.map(\.name)).joined(separator: "."))
    }

    /// `LEFT JOIN`s for every path (and each of its prefixes) from `base`, each joined once, in an
    /// order where a table is joined before the tables reached through it.
    static func leftJoins(_ paths: [[RelationshipDescription]], base: String) -> String {
        var seen: Set<[String]> = []
        var text = ""
        for path in paths.sorted(by: { $0.count < $1.count }) {
            for length in 1..<(path.count + 1) {
                let prefix = Array(path.prefix(length))
                guard seen.insert(prefix.map(\.name)).inserted else { continue }
                let hop = prefix[prefix.count - 1]
                let joined = alias(base: base, hops: prefix)
                let parent = alias(base: base, hops: Array(prefix.dropLast()))
                text += " LEFT JOIN \(table(hop.destination)) AS \(joined) ON \(joined).Z_PK = \(parent).\(quote(hop.name))"
            }
        }
        return text
    }
}
