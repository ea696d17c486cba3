import GRDB

/// A key path that can be kept in `Sendable` model descriptions.
///
/// Key paths into model classes hold no mutable state, but the standard library does not mark
/// every key path `Sendable`.
@usableFromInline
package struct SendableKeyPath: @unchecked Sendable, Hashable {
    package let keyPath: AnyKeyPath
    @usableFromInline package init(_ keyPath: AnyKeyPath) { self.keyPath = keyPath }
}

/// What a property wrapper says about its property, read from a prototype object.
protocol PersistentPropertyWrapper {
    var rawOrdinal: Int { get }
    func declaration(name: String, recorder: DeclarationRecorder) -> PropertyDeclaration
}

enum PropertyDeclaration {
    case attribute(AttributeDeclaration)
    case relationship(RelationshipDeclaration)

    var name: String {
        switch self {
        case .attribute(let declaration): declaration.name
        case .relationship(let declaration): declaration.name
        }
    }
}

struct AttributeDeclaration {
    var name: String
    var type: AttributeType
    var isOptional: Bool
    var defaultValue: StoredValue?
    var options: AttributeOptions
    var rules: [ValidationRule]
    var derivation: DerivationExpression?
    var decode: @Sendable (StoredValue) -> (any Sendable)?
}

extension AttributeDeclaration {
    /// The declaration of an attribute of `Value`s named `name`, with what its wrapper recorded
    /// while the prototype was built.
    init<Value: AttributeValue>(
        name: String, of _: Value.Type,
        recorded: (defaultValue: StoredValue?, options: AttributeOptions, rules: [ValidationRule])?,
        derivation: DerivationExpression?
    ) {
        self.init(
            name: name, type: Value.attributeType, isOptional: Value.isOptional, defaultValue: recorded?.defaultValue,
            options: recorded?.options ?? [], rules: recorded?.rules ?? [], derivation: derivation, decode: { Value(storedValue: $0) })
    }
}

struct RelationshipDeclaration {
    var name: String
    var destinationType: ManagedObject.Type
    var isToMany: Bool
    var deleteRule: DeleteRule
    var inverse: SendableKeyPath?
    var isOptional: Bool
}
