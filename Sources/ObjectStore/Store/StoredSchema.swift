/// The schema a store was last opened with, kept as JSON in `Z_METADATA` so the next open can tell
/// which changes are additive and which are incompatible.
struct StoredSchema: Codable, Equatable {
    struct Attribute: Codable, Equatable {
        var type: AttributeType
        var isOptional: Bool
    }

    struct Entity: Codable, Equatable {
        var attributes: [String: Attribute]
        var toOneRelationships: [String]
        var joinTables: [String]?
        var indexes: [IndexDescription]
    }

    var entities: [String: Entity]

    init(model: ManagedObjectModel) {
        var entities: [String: Entity] = [:]
        for entity in model.entities {
            var attributes: [String: Attribute] = [:]
            for attribute in entity.attributes {
                attributes[attribute.name] = Attribute(type: attribute.type, isOptional: attribute.isOptional)
            }
            entities[entity.name] = Entity(
                attributes: attributes,
                toOneRelationships: entity.relationships.filter { !$0.isToMany }.map(\.name),
                joinTables: entity.relationships.compactMap { $0.join?.isOwner == true ? $0.join?.name : nil },
                indexes: entity.indexes
            )
        }
        self.entities = entities
    }
}
