package import GRDB

/// What a filter, sort key or projection reads in memory: one object's values (current or
/// committed), its key, and the reader that reaches the objects it is related to.
package struct ManagedObjectValues {
    package let entity: EntityDescription
    package let values: ContiguousArray<DatabaseValue>
    /// The object's key; nil for values read without their object.
    package let key: Int64?
    /// Reaches related objects; nil when nothing beyond `values` can be read (relationships then
    /// read as nil, to-many relationships as empty).
    package let reader: (any ObjectReader)?

    package init(entity: EntityDescription, values: ContiguousArray<DatabaseValue>, key: Int64?, reader: (any ObjectReader)?) {
        self.entity = entity
        self.values = values
        self.key = key
        self.reader = reader
    }
}
