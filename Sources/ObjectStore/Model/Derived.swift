/// Declares a derived attribute of a ``ManagedObject`` subclass: a value the store computes from
/// the object's own values or its relationships' (Core Data's `NSDerivedAttributeDescription`).
///
/// ```swift
/// final class Match: ManagedObject {
///     @Attribute var title = ""
///     @Relationship(inverse: \Bet.match) var bets: Set<Bet>
///     @Derived(.lowercase(\Match.title)) var searchTitle: String
///     @Derived("bets.@count", .indexed) var betCount: Int
/// }
/// ```
///
/// The value is a real column, so fetch requests filter, sort, section and group by it. The store
/// computes it in the transaction of every save that changes what it reads (inserting, deleting
/// or relinking a bet updates its match's `betCount`; renaming a sport updates the matches that
/// copy its name), and when a migration adds it, for the rows already there. Objects whose
/// derived values a save changed are in that save's change set and history as updated, with the
/// derived keys, so merging contexts and fetched results controllers follow them.
///
/// The property is read-only. Until the save, an object shows the value of its last save (the
/// type's zero, empty text or nil before its first).
@propertyWrapper
public struct Derived<Value: AttributeValue>: Sendable {
    @usableFromInline let rawOrdinal: Int

    /// A derived attribute computed as `derivation` says; `options` may add
    /// ``AttributeOptions/indexed``.
    @inlinable
    public init(_ derivation: @autoclosure () -> DerivationExpression, _ options: AttributeOptions = []) {
        rawOrdinal = PropertyOrdinal.nextDerived(derivation(), options: options, default: Value.attributeFallback.storedValue)
    }

    /// Unavailable: `@Derived` works only on properties of `ManagedObject` subclasses.
    @available(*, unavailable, message: "@Derived can only be used on properties of ManagedObject subclasses")
    public var wrappedValue: Value {
        fatalError("@Derived can only be used on properties of ManagedObject subclasses; move the property into one.")
    }

    /// Reads the value through the owning object.
    @inlinable
    public static subscript<Object: ManagedObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: KeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Self>
    ) -> Value {
        object._attributeValue(rawOrdinal: object[keyPath: storageKeyPath].rawOrdinal)
    }
}

extension Derived: PersistentPropertyWrapper {
    func declaration(name: String, recorder: DeclarationRecorder) -> PropertyDeclaration {
        .attribute(AttributeDeclaration(name: name, of: Value.self, recorded: recorder.attributes[rawOrdinal], derivation: recorder.derivations[rawOrdinal]))
    }
}
