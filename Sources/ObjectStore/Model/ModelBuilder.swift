import DiffableSupport
import GRDB

/// Reads entity classes into entity descriptions (the work behind `ManagedObjectModel.init`).
enum ModelBuilder {
    private struct FoundProperty {
        var rawOrdinal: Int
        var declaration: PropertyDeclaration
    }

    /// The entity of a class, and its relationship declarations (resolved by
    /// ``resolveRelationships(_:declarations:byType:)`` once every entity exists).
    static func entity(for type: ManagedObject.Type, index: Int) -> (entity: EntityDescription, relationships: [RelationshipDeclaration]) {
        let recorder = DeclarationRecorder()
        let prototype = PropertyOrdinal.recording(into: recorder) {
            type.init(ManagedObject.Construction(
                objectID: ObjectID(binding: .placeholder, key: 0),
                entity: .placeholder,
                context: nil,
                values: [],
                version: 0,
                state: .prototype
            ))
        }
        let endOrdinal = prototype.ordinalBase
        var found: [FoundProperty] = []
        var mirror: Mirror? = Mirror(reflecting: prototype)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, let wrapper = child.value as? any PersistentPropertyWrapper else { continue }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                found.append(FoundProperty(rawOrdinal: wrapper.rawOrdinal, declaration: wrapper.declaration(name: name, recorder: recorder)))
            }
            mirror = current.superclassMirror
        }
        found.sort { $0.rawOrdinal < $1.rawOrdinal }
        let base = endOrdinal - found.count
        for (offset, property) in found.enumerated() {
            programmerPrecondition(
                property.rawOrdinal == base + offset,
                "The persistent properties of \(type) must be declared with @Attribute/@Relationship as stored properties with their initial values; do not create Attribute or Relationship values elsewhere during initialisation."
            )
        }
        prototype.ordinalBase = base

        var attributes: [AttributeDescription] = []
        var columnNames: [String] = []
        var defaults = ContiguousArray<DatabaseValue>()
        var slots: [EntityDescription.Slot] = []
        var relationshipCount = 0
        var relationshipDeclarations: [RelationshipDeclaration] = []
        // Attributes take the first columns, to-one keys follow.
        for property in found {
            switch property.declaration {
            case .attribute(let declaration):
                programmerPrecondition(!declaration.name.hasPrefix("Z_"), "The attribute \(type).\(declaration.name) starts with Z_, which the store reserves for its own columns; rename it.")
                let column = columnNames.count
                attributes.append(AttributeDescription(
                    name: declaration.name,
                    type: declaration.type,
                    isOptional: declaration.isOptional,
                    defaultValue: declaration.defaultValue ?? .null,
                    hasDefault: declaration.defaultValue != nil,
                    isIndexed: declaration.options.contains(.indexed),
                    isUnique: declaration.options.contains(.unique),
                    column: column,
                    decode: declaration.decode
                ))
                columnNames.append(declaration.name)
                defaults.append(declaration.defaultValue?.databaseValue ?? .null)
                slots.append(.attribute(attributes.count - 1))
            case .relationship(let declaration):
                slots.append(.relationship(relationshipCount))
                relationshipCount += 1
                relationshipDeclarations.append(declaration)
            }
        }
        for declaration in relationshipDeclarations where !declaration.isToMany {
            columnNames.append(declaration.name)
            defaults.append(.null)
        }
        let entity = EntityDescription(
            name: type.entityName,
            objectType: type,
            index: index,
            attributes: attributes,
            columnNames: columnNames,
            defaultValues: defaults,
            slots: slots,
            propertyNamesByOrdinal: found.map(\.declaration.name),
            toManyCount: relationshipDeclarations.filter(\.isToMany).count,
            prototype: prototype
        )
        prototype.entityDescription = entity
        return (entity, relationshipDeclarations)
    }

    /// Builds every entity's relationships from its declarations (by entity, in model order).
    static func resolveRelationships(_ entities: [EntityDescription], declarations: [[RelationshipDeclaration]], byType: [ObjectIdentifier: EntityDescription]) {
        // Where each declared relationship will live: its index, and its key column if to-one.
        var places: [[String: (index: Int, column: Int?)]] = []
        for (entity, list) in zip(entities, declarations) {
            var byName: [String: (index: Int, column: Int?)] = [:]
            var nextColumn = entity.attributes.count
            for (index, declaration) in list.enumerated() {
                byName[declaration.name] = (index, declaration.isToMany ? nil : nextColumn)
                if !declaration.isToMany { nextColumn += 1 }
            }
            places.append(byName)
        }
        // Resolve declared inverses to names.
        var inverseNames: [String: String] = [:] // "Entity.rel" -> inverse name
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
        for (entity, list) in zip(entities, declarations) {
            var relationships: [RelationshipDescription] = []
            var nextToMany = 0
            for declaration in list {
                let destination = byType[ObjectIdentifier(declaration.destinationType)]!
                let inverseName = inverseNames["\(entity.name).\(declaration.name)"]
                var join: JoinTable?
                var inverse: (index: Int, column: Int?)?
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
                var toManyIndex: Int?
                if declaration.isToMany {
                    toManyIndex = nextToMany
                    nextToMany += 1
                }
                relationships.append(RelationshipDescription(
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
                ))
            }
            entity.relationships = relationships
            var byName: [String: EntityDescription.Slot] = [:]
            for (index, attribute) in entity.attributes.enumerated() {
                byName[attribute.name] = .attribute(index)
            }
            for (index, relationship) in relationships.enumerated() {
                programmerPrecondition(byName[relationship.name] == nil, "The property \(entity.name).\(relationship.name) is declared twice; give each property its own name.")
                byName[relationship.name] = .relationship(index)
            }
            entity.propertiesByName = byName
        }
        for entity in entities {
            entity.indexes = indexes(of: entity)
        }
    }

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
