package import GRDB

/// A condition on an entity's objects that the store evaluates in SQL and contexts evaluate in
/// memory (on unsaved objects). Both forms must agree on every input.
///
/// Fetch requests use ``ColumnEquality`` for `FetchRequest.filter(_:equals:)` and a
/// ``BoundPredicate`` for their predicate; contexts use ``KeyMembership`` and
/// ``ColumnMembership`` to read objects by key.
package protocol StoreFilter: Sendable {
    /// The SQL condition over the entity table (aliased `t`), appending bound values to `arguments`.
    func sqlCondition(entity: EntityDescription, arguments: inout [DatabaseValue]) -> String
    /// The condition in `dialect`, or nil when the filter has no form in it that agrees with
    /// ``matches(_:)`` on every input (the store then evaluates it in memory).
    func sqlCondition(entity: EntityDescription, arguments: inout [DatabaseValue], dialect: SQLDialect) -> String?
    /// Whether an object satisfies the condition; false when reading what the condition needs
    /// fails (``evaluate(_:)`` throws the error instead).
    func matches(_ object: ManagedObjectValues) -> Bool
    /// Whether an object satisfies the condition, throwing when reading what the condition needs
    /// (members of to-many relationships) fails.
    func evaluate(_ object: ManagedObjectValues) throws(ObjectStoreError) -> Bool
    /// The to-one paths from the entity the condition reads, which the query LEFT JOINs under
    /// the aliases ``SQL/alias(base:hops:)`` names.
    var joinPaths: [[RelationshipDescription]] { get }
    /// The indexes of the entities the condition reads through relationships (the filtered
    /// entity too when a relationship leads back to it).
    var relatedEntities: Set<Int> { get }
    /// The dotted key paths the condition reads from the filtered entity (`"title"`,
    /// `"sport.name"`, `"tags.label"`, `"tags.@count"`).
    var keyPaths: [String] { get }
}

extension StoreFilter {
    /// The SQLite condition, and none in other dialects.
    package func sqlCondition(entity: EntityDescription, arguments: inout [DatabaseValue], dialect: SQLDialect) -> String? {
        dialect == .sqlite ? sqlCondition(entity: entity, arguments: &arguments) : nil
    }

    /// ``matches(_:)``: the condition reads nothing that can fail.
    package func evaluate(_ object: ManagedObjectValues) throws(ObjectStoreError) -> Bool {
        matches(object)
    }

    /// None: the condition reads the entity's own columns.
    package var joinPaths: [[RelationshipDescription]] { [] }
    /// None.
    package var relatedEntities: Set<Int> { [] }
}
