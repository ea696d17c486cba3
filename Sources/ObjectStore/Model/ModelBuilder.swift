import DiffableSupport
import GRDB

/// Reads entity classes into entity descriptions (the work behind `ManagedObjectModel.init`).
enum ModelBuilder {
    private struct FoundProperty {
        var rawOrdinal: Int
        var declaration: PropertyDeclaration
    }

    /// The attributes, columns and slots of an entity, laid out from its properties in
    /// declaration order: attributes take the first columns, to-one keys follow.
    private struct PropertyLayout {
        var attributes: [AttributeDescription] = []
        var transientAttributes: [AttributeDescription] = []
        var columnNames: [String] = []
        var defaults = ContiguousArray<DatabaseValue>()
        var slots: [EntityDescription.Slot] = []
        var relationships: [RelationshipDeclaration] = []
    }

    /// The entity of a class, and its relationship declarations (resolved by
    /// ``resolveRelationships(_:declarations:byType:)`` once every entity exists).
    static func entity(for type: ManagedObject.Type, index: Int) -> (entity: EntityDescription, relationships: [RelationshipDeclaration]) {
        let recorder = DeclarationRecorder()
        let prototype = makePrototype(of: type, recordingInto: recorder)
        let endOrdinal = prototype.ordinalBase
        let found = persistentProperties(of: prototype, recorder: recorder)
        prototype.ordinalBase = firstOrdinal(of: found, endingAt: endOrdinal, in: type)
        let layout = layOut(found, of: type)
        let entity = EntityDescription(
            name: type.entityName,
            objectType: type,
            index: index,
            attributes: layout.attributes,
            transientAttributes: layout.transientAttributes,
            columnNames: layout.columnNames,
            defaultValues: layout.defaults,
            slots: layout.slots,
            propertyNamesByOrdinal: found.map(\.declaration.name),
            toManyCount: layout.relationships.filter(\.isToMany).count,
            prototype: prototype
        )
        prototype.entityDescription = entity
        return (entity, layout.relationships)
    }

    /// Builds the class's prototype while `recorder` records its wrappers' declarations; hands
    /// on the prototype, whose ordinal base is the wrapper counter after its last property.
    private static func makePrototype(of type: ManagedObject.Type, recordingInto recorder: DeclarationRecorder) -> ManagedObject {
        PropertyOrdinal.recording(into: recorder) {
            type.init(ManagedObject.Construction(
                objectID: ObjectID(binding: .placeholder, key: 0),
                entity: .placeholder,
                context: nil,
                values: [],
                version: 0,
                state: .prototype
            ))
        }
    }

    /// Finds the persistent properties of the prototype (its class's and its superclasses'), in
    /// the order their wrappers were numbered.
    private static func persistentProperties(of prototype: ManagedObject, recorder: DeclarationRecorder) -> [FoundProperty] {
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
        return found
    }

    /// Checks that the properties were numbered one after the other, ending at `endOrdinal`
    /// (no wrapper was made elsewhere while the prototype was built); hands on the first number.
    private static func firstOrdinal(of found: [FoundProperty], endingAt endOrdinal: Int, in type: ManagedObject.Type) -> Int {
        let base = endOrdinal - found.count
        for (offset, property) in found.enumerated() {
            programmerPrecondition(
                property.rawOrdinal == base + offset,
                "The persistent properties of \(type) must be declared with @Attribute/@Relationship as stored properties with their initial values; do not create Attribute or Relationship values elsewhere during initialisation."
            )
        }
        return base
    }

    /// Lays the properties out as attributes, columns and slots; hands on the relationship
    /// declarations too, for ``resolveRelationships(_:declarations:byType:)``. Transient
    /// attributes take the value-array positions after the columns.
    private static func layOut(_ found: [FoundProperty], of type: ManagedObject.Type) -> PropertyLayout {
        var layout = PropertyLayout()
        var transients: [AttributeDeclaration] = []
        for property in found {
            switch property.declaration {
            case .attribute(let declaration) where declaration.options.contains(.transient):
                programmerPrecondition(declaration.options == .transient && declaration.rules.isEmpty, "The transient attribute \(type).\(declaration.name) has other options or validation rules; a transient attribute has no column and is not validated, so it cannot be indexed, unique, kept in the history or checked: remove them.")
                layout.slots.append(.transient(transients.count))
                transients.append(declaration)
            case .attribute(let declaration):
                programmerPrecondition(!declaration.name.hasPrefix("Z_"), "The attribute \(type).\(declaration.name) starts with Z_, which the store reserves for its own columns; rename it.")
                programmerPrecondition(declaration.derivation == nil || declaration.options.isSubset(of: [.indexed, .preservesValueAfterDeletion]), "The derived attribute \(type).\(declaration.name) is declared unique or transient; the store computes it into a column of its own, so give it no option but .indexed or .preservesValueAfterDeletion.")
                layout.attributes.append(attribute(declaration, of: type, column: layout.columnNames.count))
                layout.columnNames.append(declaration.name)
                layout.defaults.append(declaration.defaultValue?.databaseValue ?? .null)
                layout.slots.append(.attribute(layout.attributes.count - 1))
            case .relationship(let declaration):
                layout.slots.append(.relationship(layout.relationships.count))
                layout.relationships.append(declaration)
            }
        }
        for declaration in layout.relationships where !declaration.isToMany {
            layout.columnNames.append(declaration.name)
            layout.defaults.append(.null)
        }
        for declaration in transients {
            layout.transientAttributes.append(attribute(declaration, of: type, column: layout.defaults.count))
            layout.defaults.append(declaration.defaultValue?.databaseValue ?? .null)
        }
        return layout
    }

    /// The description of a declared attribute whose value sits at `column` of the value array.
    private static func attribute(_ declaration: AttributeDeclaration, of type: ManagedObject.Type, column: Int) -> AttributeDescription {
        AttributeDescription(
            name: declaration.name,
            type: declaration.type,
            isOptional: declaration.isOptional,
            defaultValue: declaration.defaultValue ?? .null,
            hasDefault: declaration.defaultValue != nil,
            isIndexed: declaration.options.contains(.indexed),
            isUnique: declaration.options.contains(.unique),
            preservesValueAfterDeletion: declaration.options.contains(.preservesValueAfterDeletion),
            isTransient: declaration.options.contains(.transient),
            derivation: declaration.derivation,
            rules: declaration.rules.isEmpty ? nil
                : AttributeRules(declaration.rules, attribute: declaration.name, type: declaration.type, entity: type.entityName),
            column: column,
            decode: declaration.decode
        )
    }
}
