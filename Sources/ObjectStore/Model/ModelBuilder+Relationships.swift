import DiffableSupport

extension ModelBuilder {
    /// Where a declared relationship will live in its entity: its index, and its key column if
    /// to-one.
    private struct RelationshipPlace {
        var index: Int
        var column: Int?
    }

    /// The declarations of every entity of the model, with where each relationship will live and
    /// the inverse each one has (declared on either side): what a relationship's description is
    /// made from.
    private struct DeclaredRelationships {
        /// Each entity's relationship declarations, by entity index.
        let declarations: [[RelationshipDeclaration]]
        let byType: [ObjectIdentifier: EntityDescription]
        /// Each entity's relationship places by name, by entity index.
        let places: [[String: RelationshipPlace]]
        /// The inverse's name of each relationship that has one, by `"Entity.relationship"`.
        let inverseNames: [String: String]

        /// The relationships of `entity` from its declarations, in order, each to-many numbered.
        func relationships(of entity: EntityDescription, declared list: [RelationshipDeclaration]) -> [RelationshipDescription] {
            var relationships: [RelationshipDescription] = []
            var nextToMany = 0
            for declaration in list {
                var toManyIndex: Int?
                if declaration.isToMany {
                    toManyIndex = nextToMany
                    nextToMany += 1
                }
                relationships.append(describe(declaration, of: entity, toManyIndex: toManyIndex))
            }
            return relationships
        }

        /// The description of one declared relationship: its destination, its key column, and its
        /// inverse with the join table two to-many sides share.
        private func describe(_ declaration: RelationshipDeclaration, of entity: EntityDescription, toManyIndex: Int?) -> RelationshipDescription {
            let destination = byType[ObjectIdentifier(declaration.destinationType)]!
            let inverseName = inverseNames["\(entity.name).\(declaration.name)"]
            var join: JoinTable?
            var inverse: RelationshipPlace?
            if let inverseName {
                inverse = places[destination.index][inverseName]
                guard let inverse else {
                    programmerError("The inverse \(destination.name).\(inverseName) of \(entity.name).\(declaration.name) is not a relationship; name one of the relationships of \(destination.name) as the inverse.")
                }
                if declaration.isToMany && declarations[destination.index][inverse.index].isToMany {
                    join = JoinTable(entity: entity.name, relationship: declaration.name, inverseEntity: destination.name, inverseRelationship: inverseName)
                }
            } else {
                programmerPrecondition(!declaration.isToMany, "The to-many relationship \(entity.name).\(declaration.name) has no inverse; declare an inverse to-one relationship on \(destination.name).")
            }
            return RelationshipDescription(
                name: declaration.name,
                destinationName: destination.name,
                inverseName: inverseName,
                isToMany: declaration.isToMany,
                deleteRule: declaration.deleteRule,
                isOptional: declaration.isOptional,
                column: places[entity.index][declaration.name]?.column,
                toManyIndex: toManyIndex,
                destinationIndex: destination.index,
                destination: destination,
                join: join,
                inverseIndex: inverse?.index,
                inverseColumn: inverse?.column,
                inverseIsToMany: inverse.map { declarations[destination.index][$0.index].isToMany } ?? false
            )
        }
    }

    /// Builds every entity's relationships from its declarations (by entity, in model order).
    static func resolveRelationships(_ entities: [EntityDescription], declarations: [[RelationshipDeclaration]], byType: [ObjectIdentifier: EntityDescription]) {
        let model = DeclaredRelationships(
            declarations: declarations,
            byType: byType,
            places: relationshipPlaces(entities, declarations: declarations),
            inverseNames: inverseNames(entities, declarations: declarations, byType: byType)
        )
        for (entity, list) in zip(entities, declarations) {
            entity.relationships = model.relationships(of: entity, declared: list)
            entity.propertiesByName = propertiesByName(of: entity)
        }
        for entity in entities {
            entity.indexes = indexes(of: entity)
        }
        resolveDerivations(entities)
    }

    /// Numbers each entity's declared relationships and gives each to-one its key column (after
    /// the attributes); hands on the places by name, by entity.
    private static func relationshipPlaces(_ entities: [EntityDescription], declarations: [[RelationshipDeclaration]]) -> [[String: RelationshipPlace]] {
        var places: [[String: RelationshipPlace]] = []
        for (entity, list) in zip(entities, declarations) {
            var byName: [String: RelationshipPlace] = [:]
            var nextColumn = entity.attributes.count
            for (index, declaration) in list.enumerated() {
                byName[declaration.name] = RelationshipPlace(index: index, column: declaration.isToMany ? nil : nextColumn)
                if !declaration.isToMany { nextColumn += 1 }
            }
            places.append(byName)
        }
        return places
    }

    /// Checks that every destination is an entity of the model and resolves declared inverses to
    /// names, on both sides; hands on the inverse names by `"Entity.relationship"`.
    private static func inverseNames(_ entities: [EntityDescription], declarations: [[RelationshipDeclaration]], byType: [ObjectIdentifier: EntityDescription]) -> [String: String] {
        var inverseNames: [String: String] = [:]
        for (entity, list) in zip(entities, declarations) {
            for declaration in list {
                guard let destination = byType[ObjectIdentifier(declaration.destinationType)] else {
                    programmerError("The destination \(declaration.destinationType) of \(entity.name).\(declaration.name) is not an entity of this model; list it in ManagedObjectModel([...]).")
                }
                guard let inverse = declaration.inverse else { continue }
                guard let path = KeyPathRecorder.propertyNames(of: inverse.keyPath, on: destination), path.count == 1 else {
                    programmerError("The inverse of \(entity.name).\(declaration.name) is not a relationship of \(destination.name); name one of its relationships as the inverse.")
                }
                let mine = "\(entity.name).\(declaration.name)"
                let theirs = "\(destination.name).\(path[0])"
                if let existing = inverseNames[mine], existing != path[0] {
                    programmerError("The relationship \(mine) has conflicting inverses \(existing) and \(path[0]); declare the same inverse on both sides.")
                }
                inverseNames[mine] = path[0]
                inverseNames[theirs] = inverseNames[theirs] ?? declaration.name
            }
        }
        return inverseNames
    }

    /// Maps each attribute and relationship name of `entity` to its slot, checking that no name
    /// is declared twice.
    private static func propertiesByName(of entity: EntityDescription) -> [String: EntityDescription.Slot] {
        var byName: [String: EntityDescription.Slot] = [:]
        for (index, attribute) in entity.attributes.enumerated() {
            byName[attribute.name] = .attribute(index)
        }
        for (index, attribute) in entity.transientAttributes.enumerated() {
            programmerPrecondition(byName[attribute.name] == nil, "The property \(entity.name).\(attribute.name) is declared twice; give each property its own name.")
            byName[attribute.name] = .transient(index)
        }
        for (index, relationship) in entity.relationships.enumerated() {
            programmerPrecondition(byName[relationship.name] == nil, "The property \(entity.name).\(relationship.name) is declared twice; give each property its own name.")
            byName[relationship.name] = .relationship(index)
        }
        return byName
    }

    /// The indexes of an entity whose relationships are resolved: its indexed and unique
    /// attributes, its to-one keys, and the compound indexes its class declares.
    private static func indexes(of entity: EntityDescription) -> [IndexDescription] {
        var result: [IndexDescription] = []
        for attribute in entity.attributes where attribute.isIndexed || attribute.isUnique {
            result.append(IndexDescription(columns: [attribute.name], isUnique: attribute.isUnique))
        }
        for relationship in entity.relationships where relationship.column != nil {
            // Keys of to-one relationships are indexed so to-many lookups and delete rules are fast.
            result.append(IndexDescription(columns: [relationship.name], isUnique: false))
        }
        for compound in entity.objectType.indexes {
            var columns: [String] = []
            for keyPath in compound.keyPaths {
                guard let path = KeyPathRecorder.propertyNames(of: keyPath.keyPath, on: entity), path.count == 1,
                      entity.column(named: path[0]) != nil else {
                    programmerError("A key path of \(entity.name).indexes is not an attribute or to-one relationship of \(entity.name); index only those.")
                }
                columns.append(path[0])
            }
            let index = IndexDescription(columns: columns, isUnique: compound.isUnique)
            if !result.contains(index) { result.append(index) }
        }
        return result
    }
}
