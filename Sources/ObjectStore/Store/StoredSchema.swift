/// The schema a store was last opened with, kept as JSON in `Z_METADATA` so the next open can tell
/// which changes are additive and which are incompatible.
package struct StoredSchema: Codable, Equatable {
    package struct Attribute: Codable, Equatable {
        package var type: AttributeType
        package var isOptional: Bool
        /// A derived attribute's expression (``Derivation/formula``); nil for other attributes.
        package var derivation: String? = nil
    }

    package struct Entity: Codable, Equatable {
        package var attributes: [String: Attribute]
        package var toOneRelationships: [String]
        package var joinTables: [String]?
        package var indexes: [IndexDescription]
    }

    package var entities: [String: Entity]

    package init(entities: [String: Entity]) {
        self.entities = entities
    }

    package init(model: ManagedObjectModel) {
        var entities: [String: Entity] = [:]
        for entity in model.entities {
            var attributes: [String: Attribute] = [:]
            for attribute in entity.attributes {
                attributes[attribute.name] = Attribute(
                    type: attribute.type, isOptional: attribute.isOptional,
                    derivation: entity.derivations.first { $0.name == attribute.name }?.formula)
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
