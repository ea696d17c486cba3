package import GRDB

/// One entity of a model: a `ManagedObject` subclass, its table, attributes and relationships.
///
/// The object store reads entities from the classes you list in a ``ManagedObjectModel``; you do
/// not create them yourself.
public final class EntityDescription: @unchecked Sendable, CustomStringConvertible {
    // Built in two phases by ManagedObjectModel.init (relationships need every entity), then never
    // mutated: that is why the class can be shared across threads.

    /// The entity name (the class name unless the class overrides `entityName`), also the table name.
    public let name: String
    /// The class whose instances are this entity's objects.
    public let objectType: ManagedObject.Type
    /// The position of the entity in its model.
    package let index: Int
    /// The attributes, in declaration order.
    public let attributes: [AttributeDescription]
    /// The transient attributes (``AttributeOptions/transient``), in declaration order: kept in
    /// memory only, so they are not among ``attributes``, the store's columns.
    public let transientAttributes: [AttributeDescription]
    /// The relationships, in declaration order.
    public internal(set) var relationships: [RelationshipDescription] = []
    /// The indexes to create: single-attribute ones and the class's ``CompoundIndex``es.
    public internal(set) var indexes: [IndexDescription] = []

    /// Column names in value-array order: attributes, then to-one relationship keys.
    package let columnNames: [String]
    /// The names of every position of an object's value array: the columns, then the transient
    /// attributes.
    let valueNames: [String]
    /// Per position of an object's value array: the default value (what new objects start with).
    package let defaultValues: ContiguousArray<DatabaseValue>
    /// Per property ordinal (declaration order of wrappers): the slot it reads.
    @usableFromInline let slots: [Slot]
    /// Per property ordinal: the property name.
    package let propertyNamesByOrdinal: [String]
    /// What observation tracking records for each property.
    let observationKeys: ObservationKeys
    /// The number of to-many relationships.
    package let toManyCount: Int
    /// The attributes a save checks on every inserted and changed object (their indexes): the
    /// required ones and those with rules.
    let checkedAttributes: [Int]
    /// Properties by name.
    var propertiesByName: [String: Slot] = [:]
    /// The derived attributes, resolved, in declaration order.
    var derivations: [Derivation] = []
    /// The names of the derived attributes.
    var derivedNames: Set<String> = []
    /// The derived attributes of other entities (or this one) that read this entity's rows.
    var derivationTriggers: [DerivationTrigger] = []
    /// A prototype instance used to resolve key paths (accessed only under the recorder's lock).
    var prototype: ManagedObject?

    /// Where a property lives in an object.
    @usableFromInline
    enum Slot: Sendable, Hashable {
        /// An attribute: its attribute index.
        case attribute(Int)
        /// A relationship: its relationship index.
        case relationship(Int)
        /// A transient attribute: its index among the transient attributes.
        case transient(Int)
    }

    init(
        name: String,
        objectType: ManagedObject.Type,
        index: Int,
        attributes: [AttributeDescription],
        transientAttributes: [AttributeDescription],
        columnNames: [String],
        defaultValues: ContiguousArray<DatabaseValue>,
        slots: [Slot],
        propertyNamesByOrdinal: [String],
        toManyCount: Int,
        prototype: ManagedObject?
    ) {
        self.propertyNamesByOrdinal = propertyNamesByOrdinal
        self.observationKeys = ObservationKeys(propertyNamesByOrdinal: propertyNamesByOrdinal)
        self.name = name
        self.objectType = objectType
        self.index = index
        self.attributes = attributes
        self.transientAttributes = transientAttributes
        self.valueNames = columnNames + transientAttributes.map(\.name)
        self.checkedAttributes = attributes.indices.filter { attributes[$0].requiresValue || attributes[$0].rules != nil }
        self.columnNames = columnNames
        self.defaultValues = defaultValues
        self.slots = slots
        self.toManyCount = toManyCount
        self.prototype = prototype
    }

    /// The stored attribute named `name`, if any.
    public func attribute(named name: String) -> AttributeDescription? {
        guard case .attribute(let index) = propertiesByName[name] else { return nil }
        return attributes[index]
    }

    /// The transient attribute named `name`, if any.
    public func transientAttribute(named name: String) -> AttributeDescription? {
        guard case .transient(let index) = propertiesByName[name] else { return nil }
        return transientAttributes[index]
    }

    /// The stored or transient attribute named `name`, if any.
    func anyAttribute(named name: String) -> AttributeDescription? {
        attribute(named: name) ?? transientAttribute(named: name)
    }

    /// The value-array position of the stored or transient attribute with the property
    /// `ordinal`; nil for a relationship.
    @inline(__always)
    func attributeColumn(ordinal: Int) -> Int? {
        switch slots[ordinal] {
        case .attribute(let index): attributes[index].column
        case .transient(let index): transientAttributes[index].column
        case .relationship: nil
        }
    }

    /// The stored or transient attribute with the property `ordinal`; nil for a relationship.
    func anyAttribute(ordinal: Int) -> AttributeDescription? {
        switch slots[ordinal] {
        case .attribute(let index): attributes[index]
        case .transient(let index): transientAttributes[index]
        case .relationship: nil
        }
    }

    /// The relationship named `name`, if any.
    public func relationship(named name: String) -> RelationshipDescription? {
        guard case .relationship(let index) = propertiesByName[name] else { return nil }
        return relationships[index]
    }

    /// The column index of the attribute or to-one relationship named `name`.
    package func column(named name: String) -> Int? {
        switch propertiesByName[name] {
        case .attribute(let index): attributes[index].column
        case .relationship(let index): relationships[index].column
        case .transient, nil: nil
        }
    }

    /// The entity name.
    public var description: String { name }

    /// Stands in for the real entity while a prototype is built from a class.
    static let placeholder = EntityDescription(
        name: "_Placeholder",
        objectType: ManagedObject.self,
        index: -1,
        attributes: [],
        transientAttributes: [],
        columnNames: [],
        defaultValues: [],
        slots: [],
        propertyNamesByOrdinal: [],
        toManyCount: 0,
        prototype: nil
    )
}
