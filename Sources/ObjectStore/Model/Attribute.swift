/// Declares a persistent attribute of a ``ManagedObject`` subclass.
///
/// ```swift
/// final class Event: ManagedObject {
///     @Attribute var title = ""                       // default ""
///     @Attribute(.indexed) var start = Date.now       // indexed column
///     @Attribute(.unique) var code: String            // no default: must be set before saving
///     @Attribute var note: String?                    // optional, nil by default
///     @Attribute(validation: [.range(0...99)]) var number = 0   // checked by every save
/// }
/// ```
///
/// The initial value is the attribute's default in the model (it fills new objects and columns
/// added by a migration). Reading and writing go through the object's context: values are faulted
/// in on first read and every write is recorded as a change.
@propertyWrapper
public struct Attribute<Value: AttributeValue>: Sendable {
    // Only the wrapper's number is stored per object; defaults and options are read once, from
    // the model's prototype, into the entity description.
    @usableFromInline let rawOrdinal: Int

    /// An attribute whose default is `wrappedValue`, whose values every save checks against
    /// `rules` (see ``ValidationRule``).
    @inlinable
    public init(wrappedValue: Value, _ options: AttributeOptions = [], validation rules: @autoclosure () -> [ValidationRule] = []) {
        rawOrdinal = PropertyOrdinal.nextAttribute(default: wrappedValue.storedValue, options: options, rules: rules())
    }

    /// An attribute without a default (optional attributes default to `nil`), whose values every
    /// save checks against `rules` (see ``ValidationRule``).
    @inlinable
    public init(_ options: AttributeOptions = [], validation rules: @autoclosure () -> [ValidationRule] = []) {
        rawOrdinal = PropertyOrdinal.nextAttribute(default: nil, options: options, rules: rules())
    }

    /// Unavailable: `@Attribute` works only on properties of `ManagedObject` subclasses.
    @available(*, unavailable, message: "@Attribute can only be used on properties of ManagedObject subclasses")
    public var wrappedValue: Value {
        get { fatalError("@Attribute can only be used on properties of ManagedObject subclasses; move the property into one.") }
        // swiftlint:disable:next unused_setter_value
        set { fatalError("@Attribute can only be used on properties of ManagedObject subclasses; move the property into one.") }
    }

    /// Reads and writes the value through the owning object.
    @inlinable
    public static subscript<Object: ManagedObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Self>
    ) -> Value {
        get {
            object._attributeValue(rawOrdinal: object[keyPath: storageKeyPath].rawOrdinal)
        }
        set {
            object._setStoredValue(newValue.storedValue, rawOrdinal: object[keyPath: storageKeyPath].rawOrdinal)
        }
    }
}

/// Options of an ``Attribute``.
public struct AttributeOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The column gets an index (for fetches and sorts by this attribute).
    public static let indexed = AttributeOptions(rawValue: 1)
    /// No two objects may share the value; a save that breaks this throws
    /// ``ValidationFailure/uniquenessViolated(entity:keys:)``.
    public static let unique = AttributeOptions(rawValue: 2)
    /// The value is kept in the persistent history when the object is deleted: the delete's
    /// ``HistoryChange/tombstone`` holds it (Core Data's `preservesValueInHistoryOnDeletion`).
    public static let preservesValueAfterDeletion = AttributeOptions(rawValue: 4)
    /// The value lives only in memory (Core Data's `isTransient`): the store has no column for
    /// it and never reads or writes it, and the persistent history never mentions it. Setting it
    /// is a change like any other (``ManagedObject/hasChanges``, change events, observation), and
    /// ``ManagedObjectContext/rollback()`` restores it; a save keeps it in memory and writes
    /// nothing for it. Fetch requests cannot filter, sort or section by it
    /// (``FetchPredicateError/transientKey(entity:key:)``). Combine it with no other option.
    public static let transient = AttributeOptions(rawValue: 8)
}

extension Attribute: PersistentPropertyWrapper {
    func declaration(name: String, recorder: DeclarationRecorder) -> PropertyDeclaration {
        .attribute(AttributeDeclaration(name: name, of: Value.self, recorded: recorder.attributes[rawOrdinal], derivation: nil))
    }
}
