/// Declares a persistent relationship of a ``ManagedObject`` subclass.
///
/// A to-one relationship is an optional object; a to-many relationship is a `Set`. Declare the
/// inverse on exactly one side (the model pairs the other side up; two key paths that refer to
/// each other would send the Swift type checker into a loop). Both sides stay in sync in memory.
///
/// ```swift
/// final class Sport: ManagedObject {
///     @Attribute var name = ""
///     @Relationship(deleteRule: .cascade, inverse: \Event.sport) var events: Set<Event>
/// }
/// final class Event: ManagedObject {
///     @Relationship var sport: Sport?     // inverse: Sport.events
/// }
/// ```
///
/// Supported: one-to-many (the key is stored with the to-one side), one-to-one (a key on each
/// side) and many-to-many (a join table with one row per linked pair). A to-many relationship
/// needs an inverse. Ordered to-many relationships are not supported.
@propertyWrapper
public struct Relationship<Value: RelationshipValue>: Sendable {
    // Only the wrapper's number is stored per object; the declaration is read once, from the
    // model's prototype.
    @usableFromInline let rawOrdinal: Int

    /// A relationship with a delete rule and an inverse (a key path on the destination).
    ///
    /// - Parameters:
    ///   - deleteRule: What deleting this object does to the related objects.
    ///   - inverse: The destination's relationship that points back here.
    ///   - isOptional: For a to-one relationship: whether `nil` may be saved.
    @inlinable
    public init<Inverse: RelationshipValue>(
        deleteRule: DeleteRule = .nullify,
        inverse: KeyPath<Value.Destination, Inverse>,
        isOptional: Bool = true
    ) {
        rawOrdinal = PropertyOrdinal.nextRelationship(deleteRule: deleteRule, inverse: inverse, isOptional: isOptional)
    }

    /// A relationship whose inverse is declared on the other side (or a to-one relationship
    /// without an inverse).
    @inlinable
    public init(deleteRule: DeleteRule = .nullify, isOptional: Bool = true) {
        rawOrdinal = PropertyOrdinal.nextRelationship(deleteRule: deleteRule, inverse: nil, isOptional: isOptional)
    }

    /// Unavailable: `@Relationship` works only on properties of `ManagedObject` subclasses.
    @available(*, unavailable, message: "@Relationship can only be used on properties of ManagedObject subclasses")
    public var wrappedValue: Value {
        get { fatalError("@Relationship can only be used on properties of ManagedObject subclasses; move the property into one.") }
        // swiftlint:disable:next unused_setter_value
        set { fatalError("@Relationship can only be used on properties of ManagedObject subclasses; move the property into one.") }
    }

    /// Reads and writes the related objects through the owning object.
    @inlinable
    public static subscript<Object: ManagedObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Self>
    ) -> Value {
        get {
            Value._read(from: object, rawOrdinal: object[keyPath: storageKeyPath].rawOrdinal)
        }
        set {
            newValue._write(to: object, rawOrdinal: object[keyPath: storageKeyPath].rawOrdinal)
        }
    }
}

extension Relationship: PersistentPropertyWrapper {
    func declaration(name: String, recorder: DeclarationRecorder) -> PropertyDeclaration {
        let recorded = recorder.relationships[rawOrdinal]
        return .relationship(RelationshipDeclaration(
            name: name,
            destinationType: Value.Destination.self,
            isToMany: Value.isToMany,
            deleteRule: recorded?.deleteRule ?? .nullify,
            inverse: recorded?.inverse,
            isOptional: recorded?.isOptional ?? true
        ))
    }
}
