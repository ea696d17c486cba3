extension StoreQuery {
    /// One `ORDER BY` term.
    package struct Order: Sendable {
        package var column: Int
        package var ascending: Bool
        /// The to-one relationships from the object to the entity that owns `column`.
        package var hops: [RelationshipDescription] = []
        /// How values compare (a registered collation for strings).
        package var collation: SortCollation = .binary

        package init(column: Int, ascending: Bool, hops: [RelationshipDescription] = [], collation: SortCollation = .binary) {
            self.column = column
            self.ascending = ascending
            self.hops = hops
            self.collation = collation
        }

        var projection: Projection {
            Projection(hops: hops, column: column)
        }
    }
}
