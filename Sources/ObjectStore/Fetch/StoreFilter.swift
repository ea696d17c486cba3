package import GRDB

/// A condition on an entity's objects that the store evaluates in SQL and contexts evaluate in
/// memory (on unsaved objects). Both forms must agree on every input.
///
/// This fetches use ``ColumnEquality``; a predicate compiler conforms its compiled trees.
package protocol StoreFilter: Sendable {
    /// The SQL condition over the entity table (aliased `t`), appending bound values to `arguments`.
    func sqlCondition(entity: EntityDescription, arguments: inout [DatabaseValue]) -> String
    /// Whether an object (or a row's values) satisfies the condition.
    func matches(_ object: ManagedObjectValues) -> Bool
    /// The to-one paths from the entity the condition reads, which the query LEFT JOINs under
    /// the aliases ``SQL/alias(base:hops:)`` names.
    var joinPaths: [[RelationshipDescription]] { get }
    /// The indexes of the entities the condition reads through relationships (the filtered
    /// entity too when a relationship leads back to it).
    var relatedEntities: Set<Int> { get }
}

extension StoreFilter {
    /// None: the condition reads the entity's own columns.
    package var joinPaths: [[RelationshipDescription]] { [] }
    /// None.
    package var relatedEntities: Set<Int> { [] }
}

/// The values a filter can read in memory: the object's own columns, and paths through to-one
/// relationships.
package struct ManagedObjectValues {
    package let entity: EntityDescription
    package let values: ContiguousArray<DatabaseValue>
    /// The object, when one is registered (needed to follow relationships).
    package let object: ManagedObject?

    /// The value of the attribute or to-one key column at `keyPath` (dotted paths follow to-one
    /// relationships and need `object`).
    package func storedValue(forKeyPath keyPath: String) -> DatabaseValue {
        if let column = entity.column(named: keyPath) {
            return values[column]
        }
        return object?.storedValue(forKeyPath: keyPath) ?? .null
    }
}

/// `column IS value`: equality where nil equals nil, as SQL's `IS`.
package struct ColumnEquality: StoreFilter {
    package let column: Int
    package let value: DatabaseValue

    package func sqlCondition(entity: EntityDescription, arguments: inout [DatabaseValue]) -> String {
        arguments.append(value)
        return "t.\(SQL.quote(entity.columnNames[column])) IS ?"
    }

    package func matches(_ object: ManagedObjectValues) -> Bool {
        StoredValueOrder.isSame(object.values[column], value)
    }
}
