/// A key as a predicate, sort descriptor or fetch request names it: a dotted string
/// (`"sport.name"`, `"events.@count"`) or Swift key paths, resolved against an entity when the
/// request runs.
package enum KeyReference: Sendable, Hashable, CustomStringConvertible {
    /// A dotted key path, as written in a format string.
    case name(String)
    /// Swift key paths, each starting where the previous one ends (the second one, if any,
    /// continues from the members of a to-many relationship); `count` appends `@count`.
    case keyPaths([SendableKeyPath], count: Bool)
    /// A collection operator over a member's key: `relationship.@sum.member`.
    case aggregate(relationship: SendableKeyPath, CollectionOperator, member: SendableKeyPath)

    /// The dotted names this reference stands for on `entity`, or nil when a Swift key path does
    /// not name persistent properties.
    package func names(on entity: EntityDescription) -> [String]? {
        switch self {
        case .name(let name):
            return name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        case .keyPaths(let keyPaths, let count):
            var names: [String] = []
            var current = entity
            for keyPath in keyPaths {
                guard let part = current.propertyNames(of: keyPath.keyPath) else { return nil }
                names += part
                guard let next = Self.entity(at: part, from: current) else { return nil }
                current = next
            }
            return count ? names + ["@count"] : names
        case .aggregate(let relationship, let collectionOperator, let member):
            guard let relationshipNames = entity.propertyNames(of: relationship.keyPath),
                  let destination = Self.entity(at: relationshipNames, from: entity),
                  let memberNames = destination.propertyNames(of: member.keyPath) else { return nil }
            return relationshipNames + [collectionOperator.keyComponent] + memberNames
        }
    }

    /// The entity reached by walking relationship names from `entity` (the same entity when the
    /// path ends at an attribute).
    private static func entity(at names: [String], from entity: EntityDescription) -> EntityDescription? {
        var current = entity
        for name in names {
            if let relationship = current.relationship(named: name) {
                current = relationship.destination
            } else if current.anyAttribute(named: name) == nil {
                return nil
            }
        }
        return current
    }

    /// The dotted name, or the Swift key paths' descriptions.
    package var description: String {
        switch self {
        case .name(let name): name
        case .keyPaths(let keyPaths, let count):
            keyPaths.map { "\($0.keyPath)" }.joined(separator: ".") + (count ? ".@count" : "")
        case .aggregate(let relationship, let collectionOperator, let member):
            "\(relationship.keyPath).\(collectionOperator.keyComponent).\(member.keyPath)"
        }
    }
}
