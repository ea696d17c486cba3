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
    var decode: @Sendable (StoredValue) -> (any Sendable)?
}

struct RelationshipDeclaration {
    var name: String
    var destinationType: ManagedObject.Type
    var isToMany: Bool
    var deleteRule: DeleteRule
    var inverse: SendableKeyPath?
    var isOptional: Bool
}
