import DiffableSupport

extension EntityDescription {
    /// The property names a key path walks from this entity (`\Event.sport?.name` gives
    /// `["sport", "name"]`), or nil when it does not name persistent properties.
    package func propertyNames(of keyPath: AnyKeyPath) -> [String]? {
        KeyPathRecorder.propertyNames(of: keyPath, on: self)
    }

    /// The dotted name of a key path (`"sport.name"`), or nil.
    package func name(of keyPath: AnyKeyPath) -> String? {
        propertyNames(of: keyPath)?.joined(separator: ".")
    }

    /// Resolves a dotted key name into the to-one relationships it crosses and the final
    /// attribute or to-one key, or nil when a part is unknown or a hop is not to-one.
    package func resolve(keyPath name: String) -> ResolvedKeyPath? {
        var hops: [RelationshipDescription] = []
        var entity = self
        let parts = name.split(separator: ".").map(String.init)
        for part in parts.dropLast() {
            guard let relationship = entity.relationship(named: part), !relationship.isToMany else { return nil }
            hops.append(relationship)
            entity = relationship.destination
        }
        guard let last = parts.last, let column = entity.column(named: last) else { return nil }
        return ResolvedKeyPath(hops: hops, entity: entity, column: column, name: last)
    }

    /// The column of a one-step key path; a programmer error (trap) when the key path is not an
    /// attribute or to-one relationship of this entity.
    func column(forKeyPath keyPath: AnyKeyPath) -> Int {
        guard let names = propertyNames(of: keyPath), names.count == 1, let column = column(named: names[0]) else {
            programmerError("The key path \(keyPath) is not an attribute or to-one relationship of \(name); pass a key path to one of its persistent properties.")
        }
        return column
    }
}

/// A key path resolved against the model: the to-one hops (SQL joins), and the column at the end.
package struct ResolvedKeyPath: Sendable {
    /// The to-one relationships crossed, in order (each one a join to its destination).
    package let hops: [RelationshipDescription]
    /// The entity owning the final key.
    package let entity: EntityDescription
    /// The final key's column in `entity`.
    package let column: Int
    /// The final key's name.
    package let name: String
}
