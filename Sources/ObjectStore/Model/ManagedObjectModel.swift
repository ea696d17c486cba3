import DiffableSupport
import GRDB

/// The entities of an app: built once from the `ManagedObject` subclasses you list.
///
/// ```swift
/// let model = ManagedObjectModel([Sport.self, Event.self])
/// let container = try PersistentContainer(name: "Scores", model: model)
/// ```
///
/// The model reads each class once (it creates one prototype instance and reflects on its
/// `@Attribute` and `@Relationship` properties). Build it once and share it: it is immutable and
/// `Sendable`. Every relationship's destination class must be in the list.
public final class ManagedObjectModel: Sendable {
    /// The entities, in the order the classes were listed.
    public let entities: [EntityDescription]
    private let entitiesByType: [ObjectIdentifier: EntityDescription]
    private let entitiesByName: [String: EntityDescription]

    /// Builds the model from entity classes.
    ///
    /// Mistakes in the declarations (a destination class missing from the list, a to-many
    /// relationship without an inverse, two entities with one name) are programmer errors and stop
    /// the program with a message naming the class and property.
    public init(_ types: [ManagedObject.Type]) {
        var entities: [EntityDescription] = []
        var declarations: [[RelationshipDeclaration]] = []
        for (index, type) in types.enumerated() {
            let (entity, relationships) = ModelBuilder.entity(for: type, index: index)
            entities.append(entity)
            declarations.append(relationships)
        }
        var byType: [ObjectIdentifier: EntityDescription] = [:]
        var byName: [String: EntityDescription] = [:]
        for entity in entities {
            programmerPrecondition(byName[entity.name] == nil, "Two entities are named '\(entity.name)'; give each entity its own name.")
            byType[ObjectIdentifier(entity.objectType)] = entity
            byName[entity.name] = entity
        }
        ModelBuilder.resolveRelationships(entities, declarations: declarations, byType: byType)
        self.entities = entities
        self.entitiesByType = byType
        self.entitiesByName = byName
    }

    /// Builds the model from entity classes.
    public convenience init(_ types: ManagedObject.Type...) {
        self.init(types)
    }

    /// The entity of `type`; the class must be part of the model.
    public func entity(for type: ManagedObject.Type) -> EntityDescription {
        guard let entity = entitiesByType[ObjectIdentifier(type)] else {
            programmerError("The type \(type) is not an entity of this model; list it in ManagedObjectModel([...]).")
        }
        return entity
    }

    /// The entity named `name`, if the model has one.
    public func entity(named name: String) -> EntityDescription? {
        entitiesByName[name]
    }
}
