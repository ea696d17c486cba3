extension FetchKeyPath {
    /// The dotted name of the key on `entity` (`"sport.name"`), or nil when it names nothing.
    package func name(on entity: EntityDescription) -> String? {
        reference.names(on: entity)?.joined(separator: ".")
    }
}
