/// How a stage's destination model follows from its source model: each destination entity's
/// source entity, and each attribute's and relationship's source property, matched by name or by
/// renaming identifier (``ManagedObject/renamingIdentifier``, ``ManagedObject/renamingIdentifiers``).
///
/// A pure function of the two models, worked out before the stage touches the store.
struct StageMapping {
    /// A destination entity and where its data comes from.
    struct EntityMap {
        let destination: EntityDescription
        /// The source entity, nil for a new entity.
        let source: EntityDescription?
        /// Per destination attribute that existed before: the source attribute.
        let attributes: [(destination: AttributeDescription, source: AttributeDescription)]
        /// Per destination relationship that existed before: the source relationship.
        let relationships: [(destination: RelationshipDescription, source: RelationshipDescription)]

        /// The source attributes no destination attribute comes from.
        var removedAttributes: [AttributeDescription] {
            guard let source else { return [] }
            let kept = Set(attributes.map(\.source.name))
            return source.attributes.filter { !kept.contains($0.name) }
        }

        /// The source's to-one relationships (key columns) no destination to-one relationship
        /// keeps as a column.
        var removedKeyColumns: [RelationshipDescription] {
            guard let source else { return [] }
            let kept = Set(relationships.filter { !$0.destination.isToMany && !$0.source.isToMany }.map(\.source.name))
            return source.relationships.filter { !$0.isToMany && !kept.contains($0.name) }
        }
    }

    let entities: [EntityMap]
    /// The source entities no destination entity comes from.
    let removedEntities: [EntityDescription]
    /// The source entities by their destination's name.
    let sourceByDestination: [String: EntityDescription]

    init(source: ManagedObjectModel, destination: ManagedObjectModel) {
        var maps: [EntityMap] = []
        var matched: Set<String> = []
        var sourceByDestination: [String: EntityDescription] = [:]
        for entity in destination.entities {
            let previous = entity.objectType.renamingIdentifier.flatMap { source.entity(named: $0) } ?? source.entity(named: entity.name)
            if let previous {
                matched.insert(previous.name)
                sourceByDestination[entity.name] = previous
            }
            maps.append(Self.map(entity, from: previous))
        }
        entities = maps
        removedEntities = source.entities.filter { !matched.contains($0.name) }
        self.sourceByDestination = sourceByDestination
    }

    /// The source's name of a destination property: its renaming identifier, else its own name.
    private static func sourceName(of property: String, in entity: EntityDescription) -> String {
        entity.objectType.renamingIdentifiers[property] ?? property
    }

    private static func map(_ entity: EntityDescription, from source: EntityDescription?) -> EntityMap {
        guard let source else { return EntityMap(destination: entity, source: nil, attributes: [], relationships: []) }
        let attributes = entity.attributes.compactMap { attribute in
            source.attribute(named: sourceName(of: attribute.name, in: entity)).map { (destination: attribute, source: $0) }
        }
        let relationships = entity.relationships.compactMap { relationship in
            source.relationship(named: sourceName(of: relationship.name, in: entity)).map { (destination: relationship, source: $0) }
        }
        return EntityMap(destination: entity, source: source, attributes: attributes, relationships: relationships)
    }
}
