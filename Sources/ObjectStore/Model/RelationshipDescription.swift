/// A relationship of an entity, as the model declares it.
public struct RelationshipDescription: Sendable {
    /// The property name (for a to-one relationship also the name of its key column).
    public let name: String
    /// The name of the entity at the other end.
    public let destinationName: String
    /// The relationship on the destination that points back, if any.
    public let inverseName: String?
    /// Whether it holds many objects (a set) or at most one.
    public let isToMany: Bool
    /// What deleting the source object does to the destination objects.
    public let deleteRule: DeleteRule
    /// For a to-one relationship: whether it may be saved as nil.
    public let isOptional: Bool
    /// For a to-one relationship: the position of its key column in an object's value array.
    package let column: Int?
    /// For a to-many relationship: its position among the entity's to-many relationships.
    package let toManyIndex: Int?
    /// The index of the destination entity in the model.
    package let destinationIndex: Int
    /// The destination entity.
    public let destination: EntityDescription
}
