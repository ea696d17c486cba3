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
