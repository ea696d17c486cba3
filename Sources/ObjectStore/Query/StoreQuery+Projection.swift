package import GRDB

extension StoreQuery {
    /// A value read through to-one relationships: `column` of the entity reached by `hops`.
    package struct Projection: Sendable {
        package var hops: [RelationshipDescription] = []
        package var column: Int

        package init(hops: [RelationshipDescription] = [], column: Int) {
            self.hops = hops
            self.column = column
        }

        /// The entity that owns `column`.
        func owner(from entity: EntityDescription) -> EntityDescription {
            hops.last?.destination ?? entity
        }

        /// `alias."column"`.
        func sql(from entity: EntityDescription) -> String {
            "\(SQL.alias(base: "t", hops: hops)).\(SQL.quote(owner(from: entity).columnNames[column]))"
        }

        /// The value in memory, as the SQL reads it.
        package func value(of object: ManagedObjectValues) -> DatabaseValue {
            ObjectPathReader.value(column: column, hops: hops, from: object.values, reader: object.reader)
        }

        /// The dotted key path from the query's entity (`"sport.name"`).
        func keyPath(from entity: EntityDescription) -> String {
            (hops.map(\.name) + [owner(from: entity).columnNames[column]]).joined(separator: ".")
        }
    }
}
