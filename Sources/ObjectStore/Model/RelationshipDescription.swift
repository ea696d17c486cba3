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
    /// For a many-to-many relationship: the join table that links the two sides.
    package let join: JoinTable?
    /// The position of the inverse relationship among the destination's relationships, if any.
    package let inverseIndex: Int?
    /// For a to-one inverse: its key column in the destination's values.
    package let inverseColumn: Int?
    /// Whether the inverse relationship is to-many (false without an inverse).
    package let inverseIsToMany: Bool

    /// The inverse relationship, if any.
    package var inverse: RelationshipDescription? {
        inverseIndex.map { destination.relationships[$0] }
    }

    /// Whether both this relationship and its inverse are to-many.
    public var isManyToMany: Bool { join != nil }
}

/// The table of a many-to-many relationship: one row per linked pair, keyed from the side whose
/// "Entity.relationship" name sorts first (the owner), so both sides name the same table.
package struct JoinTable: Sendable, Hashable {
    /// The table name, `Z_<OwnerEntity>_<ownerRelationship>`.
    package let name: String
    /// The column holding this side's key.
    package let ownColumn: String
    /// The column holding the other side's key.
    package let otherColumn: String
    /// Whether this side is the owner (its keys go in `Z_SOURCE`).
    package let isOwner: Bool

    init(entity: String, relationship: String, inverseEntity: String, inverseRelationship: String) {
        let mine = "\(entity).\(relationship)"
        let theirs = "\(inverseEntity).\(inverseRelationship)"
        isOwner = mine <= theirs
        name = isOwner ? "Z_\(entity)_\(relationship)" : "Z_\(inverseEntity)_\(inverseRelationship)"
        ownColumn = isOwner ? "Z_SOURCE" : "Z_TARGET"
        otherColumn = isOwner ? "Z_TARGET" : "Z_SOURCE"
    }

    /// The (source, target) pair of a link between an object of this side and one of the other.
    package func pair(own: Int64, other: Int64) -> (source: Int64, target: Int64) {
        isOwner ? (own, other) : (other, own)
    }
}
