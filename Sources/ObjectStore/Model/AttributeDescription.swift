package import GRDB

/// An attribute of an entity, as the model declares it.
public struct AttributeDescription: Sendable {
    /// The property name, which is also the column name.
    public let name: String
    /// How the value is stored.
    public let type: AttributeType
    /// Whether `nil` may be saved.
    public let isOptional: Bool
    /// The declared default in stored form (NULL when there is none).
    public let defaultValue: StoredValue
    /// Whether the model declared a default.
    public let hasDefault: Bool
    /// Whether the column has its own index.
    public let isIndexed: Bool
    /// Whether values must be unique among the entity's objects.
    public let isUnique: Bool
    /// Whether the value is kept in the persistent history's tombstone when the object is deleted
    /// (``AttributeOptions/preservesValueAfterDeletion``).
    public let preservesValueAfterDeletion: Bool
    /// Whether the value lives only in memory, without a column (``AttributeOptions/transient``).
    public let isTransient: Bool
    /// How the store computes the value, for a derived attribute (``Derived``); nil otherwise.
    public let derivation: DerivationExpression?
    /// Whether the store computes the value (``Derived``).
    public var isDerived: Bool { derivation != nil }
    /// The rules every save checks the value against, as declared.
    public var validationRules: [ValidationRule] { rules?.rules ?? [] }
    /// The declared rules, compiled; nil when there are none.
    let rules: AttributeRules?
    /// The position of the attribute's value in an object's value array (after the stored
    /// columns for a transient attribute).
    package let column: Int
    let decode: @Sendable (StoredValue) -> (any Sendable)?

    /// Decodes a stored value to the attribute's Swift type (`nil` for NULL or undecodable data).
    package func decodedValue(_ stored: DatabaseValue) -> (any Sendable)? {
        stored.isNull ? nil : decode(StoredValue(stored))
    }
}
