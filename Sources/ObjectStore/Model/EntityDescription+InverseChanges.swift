import GRDB

extension EntityDescription {
    /// Calls `body` for each object whose to-many relationship changes when a row of this entity
    /// goes from `before` to `after` (nil for no row: inserted, or deleted): the objects its to-one
    /// keys pointed at and point at, when the key changed and its inverse is to-many. `body`
    /// receives the to-one relationship, the other object's key, and the to-many relationship's name.
    func forEachToManyInverseChange(
        before: ContiguousArray<DatabaseValue>?,
        after: ContiguousArray<DatabaseValue>?,
        _ body: (RelationshipDescription, Int64, String) -> Void
    ) {
        for relationship in relationships where relationship.inverseIsToMany {
            guard let column = relationship.column, let inverseName = relationship.inverseName else { continue }
            let old = before?[column] ?? .null
            let new = after?[column] ?? .null
            guard !StoredValueOrder.isSame(old, new) else { continue }
            for value in [old, new] {
                if case .int64(let key) = value.storage { body(relationship, key, inverseName) }
            }
        }
    }
}
