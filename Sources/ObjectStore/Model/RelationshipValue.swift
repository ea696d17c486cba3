/// The Swift type of a relationship: `Destination?` (to-one) or `Set<Destination>` (to-many).
public protocol RelationshipValue {
    /// The entity class at the other end.
    associatedtype Destination: ManagedObject
    /// Whether the relationship holds many objects.
    static var isToMany: Bool { get }
    /// Reads the relationship of `object`.
    static func _read(from object: ManagedObject, rawOrdinal: Int) -> Self
    /// Writes the relationship of `object`.
    func _write(to object: ManagedObject, rawOrdinal: Int)
}

extension Optional: RelationshipValue where Wrapped: ManagedObject {
    /// The wrapped class.
    public typealias Destination = Wrapped
    /// An optional holds at most one object: a to-one relationship.
    public static var isToMany: Bool { false }

    /// The related object, if any.
    @inlinable
    public static func _read(from object: ManagedObject, rawOrdinal: Int) -> Wrapped? {
        object._toOne(rawOrdinal: rawOrdinal) as? Wrapped
    }

    /// Points the relationship at the object (or nil), updating the inverse.
    @inlinable
    public func _write(to object: ManagedObject, rawOrdinal: Int) {
        object._setToOne(self, rawOrdinal: rawOrdinal)
    }
}

extension Set: RelationshipValue where Element: ManagedObject {
    /// The element class.
    public typealias Destination = Element
    /// A set holds any number of objects: a to-many relationship.
    public static var isToMany: Bool { true }

    /// The related objects (faulted in as one batch). A getter cannot throw: when the objects
    /// cannot be read the set is empty and the error is reported by the next save.
    @inlinable
    public static func _read(from object: ManagedObject, rawOrdinal: Int) -> Set<Element> {
        var result = Set<Element>()
        for member in object._toMany(rawOrdinal: rawOrdinal) {
            if let element = member as? Element { result.insert(element) }
        }
        return result
    }

    /// Replaces the related objects, updating each one's inverse.
    @inlinable
    public func _write(to object: ManagedObject, rawOrdinal: Int) {
        object._setToMany(Array(self), rawOrdinal: rawOrdinal)
    }
}
